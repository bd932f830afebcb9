/** A game's seed for one epoch: 0 from its creation, one more after each early reveal. */
export interface GameSeed {
  readonly seed: string;
  readonly epoch: number;
}

/**
 * Where the games' secret seeds are kept until they are revealed: never in the event log, which is served.
 * Keyed by game id. A game starts with the seed of epoch 0; an early reveal (a referee's, during a dispute)
 * starts a new epoch with a fresh seed, so the rest of the game stays unpredictable. A stored seed never
 * changes.
 */
export interface SeedStore {
  /** The seed of an epoch, or of the current epoch; undefined if there is none (a game from before seeds). */
  get(gameId: string, epoch?: number): Promise<GameSeed | undefined>;
  /** The game's current seed, storing `seed` as epoch 0 first if the game has none. */
  getOrCreate(gameId: string, seed: string): Promise<GameSeed>;
  /** Starts epoch `fromEpoch + 1` with `seed`, unless it has started already; returns the current seed. */
  advance(gameId: string, fromEpoch: number, seed: string): Promise<GameSeed>;
  close(): Promise<void>;
}

export class InMemorySeedStore implements SeedStore {
  private readonly seeds = new Map<string, string[]>();

  async get(gameId: string, epoch?: number): Promise<GameSeed | undefined> {
    const seeds = this.seeds.get(gameId);
    if (!seeds || seeds.length === 0) return undefined;
    const at = epoch ?? seeds.length - 1;
    const seed = seeds[at];
    return seed === undefined ? undefined : { seed, epoch: at };
  }

  async getOrCreate(gameId: string, seed: string): Promise<GameSeed> {
    if (!this.seeds.has(gameId)) this.seeds.set(gameId, [seed]);
    return (await this.get(gameId)) as GameSeed;
  }

  async advance(gameId: string, fromEpoch: number, seed: string): Promise<GameSeed> {
    const seeds = this.seeds.get(gameId);
    if (!seeds) throw new Error(`Game ${gameId} has no seed to move on from`);
    if (seeds.length === fromEpoch + 1) seeds.push(seed);
    return (await this.get(gameId)) as GameSeed;
  }

  async close(): Promise<void> {
    // Nothing to release.
  }
}
