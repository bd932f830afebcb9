import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@corbeille/event-store';
import type { GameSeed, SeedStore } from '@corbeille/integrity';

/** The stream of a game's sealed seeds; no game type's prefix, so no projection or game read ever folds it. */
export const SEED_STREAM_PREFIX = 'sealed-seeds-';
export const SEED_SEALED = 'SeedSealed';
/** SEEDS_KEY must be at least this long (a random 32-byte key written as hex is 64). */
export const MIN_SEEDS_KEY_LENGTH = 32;

interface SealedSeed {
  readonly epoch: number;
  readonly scheme: 'aes-256-gcm-v1';
  readonly iv: string;
  readonly ciphertext: string;
  readonly tag: string;
}

/**
 * The games' secret seeds in the event store itself, sealed (AES-256-GCM) with a key only the API instances
 * hold (SEEDS_KEY): every instance on the same store finds every game's seed, whichever created the game, and
 * anyone who reads the log without the key learns nothing (the game id and epoch are bound in as associated
 * data, so a sealed seed cannot be passed off as another game's). One stream per game, one event per epoch;
 * the expected revision makes creating and advancing a seed first-writer-wins across instances.
 */
export class EventLogSeedStore implements SeedStore {
  private readonly key: Buffer;
  /** Seeds already read; a stored seed never changes, so they are kept. */
  private readonly known = new Map<string, string[]>();

  constructor(
    private readonly store: EventStore,
    seedsKey: string,
  ) {
    if (seedsKey.length < MIN_SEEDS_KEY_LENGTH) throw new Error(`SEEDS_KEY must be at least ${MIN_SEEDS_KEY_LENGTH} characters`);
    this.key = createHash('sha256').update(`corbeille-seeds:${seedsKey}`).digest();
  }

  async get(gameId: string, epoch?: number): Promise<GameSeed | undefined> {
    let seeds = this.known.get(gameId);
    if (seeds === undefined || epoch === undefined || epoch >= seeds.length) seeds = await this.load(gameId);
    if (seeds.length === 0) return undefined;
    const at = epoch ?? seeds.length - 1;
    const seed = seeds[at];
    return seed === undefined ? undefined : { seed, epoch: at };
  }

  async getOrCreate(gameId: string, seed: string): Promise<GameSeed> {
    const current = await this.get(gameId);
    if (current !== undefined) return current;
    await this.appendEpoch(gameId, 0, seed);
    return (await this.get(gameId)) as GameSeed;
  }

  async advance(gameId: string, fromEpoch: number, seed: string): Promise<GameSeed> {
    const seeds = await this.load(gameId);
    if (seeds.length === 0) throw new Error(`Game ${gameId} has no seed to move on from`);
    if (seeds.length === fromEpoch + 1) await this.appendEpoch(gameId, fromEpoch + 1, seed);
    return (await this.get(gameId)) as GameSeed;
  }

  async close(): Promise<void> {
    // The event store belongs to the app.
  }

  /** Appends epoch `epoch`, unless another instance got there first (its seed then stands). */
  private async appendEpoch(gameId: string, epoch: number, seed: string): Promise<void> {
    const now = new Date().toISOString();
    const id = `seed-${gameId}-${epoch}`;
    try {
      await this.store.appendToStream(
        `${SEED_STREAM_PREFIX}${gameId}`,
        [{ type: SEED_SEALED, data: this.seal(gameId, epoch, seed), metadata: { commandId: id, actor: 'system', correlationId: id, causationId: id, occurredAt: now } }],
        epoch === 0 ? 'no-stream' : epoch - 1,
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
    }
    this.known.delete(gameId);
  }

  private async load(gameId: string): Promise<string[]> {
    const events = await this.store.readStream(`${SEED_STREAM_PREFIX}${gameId}`);
    const seeds = events.map((event) => this.open(gameId, event));
    if (seeds.length > 0) this.known.set(gameId, seeds);
    return seeds;
  }

  private seal(gameId: string, epoch: number, seed: string): SealedSeed {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(`${gameId}\u0000${epoch}`));
    const ciphertext = Buffer.concat([cipher.update(seed, 'utf8'), cipher.final()]);
    return { epoch, scheme: 'aes-256-gcm-v1', iv: iv.toString('base64'), ciphertext: ciphertext.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
  }

  private open(gameId: string, event: RecordedEvent): string {
    const sealed = event.data as SealedSeed;
    if (sealed.epoch !== event.revision) throw new Error(`The sealed seed of game ${gameId} at revision ${event.revision} names epoch ${sealed.epoch}`);
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(`${gameId}\u0000${sealed.epoch}`));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new Error(`The seed of game ${gameId} (epoch ${sealed.epoch}) cannot be opened with this SEEDS_KEY: every API instance must share one key`);
    }
  }
}
