/**
 * Where the games' secret seeds are kept until they are revealed: never in the event log, which is served.
 * Keyed by game id. A seed, once stored, never changes.
 */
export interface SeedStore {
  /** The game's seed, or undefined if it has none (a game from before seeds, or one never created). */
  get(gameId: string): Promise<string | undefined>;
  /** The game's seed, storing `seed` first if it has none; returns the one stored. */
  getOrCreate(gameId: string, seed: string): Promise<string>;
  close(): Promise<void>;
}

export class InMemorySeedStore implements SeedStore {
  private readonly seeds = new Map<string, string>();

  async get(gameId: string): Promise<string | undefined> {
    return this.seeds.get(gameId);
  }

  async getOrCreate(gameId: string, seed: string): Promise<string> {
    const existing = this.seeds.get(gameId);
    if (existing !== undefined) return existing;
    this.seeds.set(gameId, seed);
    return seed;
  }

  async close(): Promise<void> {
    // Nothing to release.
  }
}
