import type { DomainCommand, DomainEvent, RandomSource } from '@corbeille/kernel';
import { COMMITMENT_SCHEME, commitTo, newNonce, stateChecksum } from './commitment';
import { FAIRNESS_SCHEME, fairRandom, newSeed, recordingRandom, seedCommitment, type RecordingRandomSource } from './fair-random';
import type { GameSeed, SeedStore } from './seed-store';

/** What the recorder needs of a game type (the registry's games have this shape). */
export interface RecordedGameRules {
  readonly type: string;
  readonly engineVersion: string;
  readonly decider: { readonly isTerminal: (state: unknown) => boolean };
  readonly checksumAt?: (before: unknown, after: unknown) => { readonly boundary: string; readonly covered: unknown } | undefined;
  readonly committedValueOf?: (event: DomainEvent) => unknown;
}

export interface IntegrityRecorderOptions {
  readonly seeds: SeedStore;
  /** The game a stream belongs to; undefined for streams of no game (accounts, leagues...). */
  readonly gameOf: (streamId: string) => { readonly gameId: string; readonly rules: RecordedGameRules } | undefined;
  /**
   * Chance for streams of no game, for games recorded before seeds, and, when `provable` is false, for
   * every game (a test's scripted dice): recorded with their draws, but not derived from a seed.
   */
  readonly plain: () => RandomSource;
  /** Derive games' chance from their seeds (default true). */
  readonly provable?: boolean;
  /**
   * Whether a game's stream committed to a seed when it was created. A committed game whose seed the store
   * does not have (another instance's seed store, a lost file) then fails with SeedUnavailable instead of
   * playing on with chance no one can verify. Without it, such a game plays on with recorded plain chance.
   */
  readonly seedCommitted?: (streamId: string) => Promise<boolean>;
  /** The nonces of commitments (default: 16 fresh random bytes each); a reproducible demo brings its own. */
  readonly newNonce?: () => string;
}

/**
 * A game committed to a secret seed that the seed store does not hold: the server is misconfigured (API
 * instances that do not share their seeds, see docs/scaling.md). No command of the game can be decided fairly.
 */
export class SeedUnavailable extends Error {
  constructor(readonly gameId: string) {
    super(`Game ${gameId} committed to a secret seed that this server's seed store does not hold; every API instance must share one seed store (SEEDS_KEY)`);
    this.name = 'SeedUnavailable';
  }
}

/** The decision the recorder annotates (the command handler's `Decision`). */
export interface AnnotatedDecision {
  readonly streamId: string;
  readonly revision: number | undefined;
  readonly command: DomainCommand;
  readonly before: unknown;
  readonly after: unknown;
  readonly events: readonly DomainEvent[];
  readonly random: RandomSource;
}

/**
 * The command handler's random source and annotations for provable fairness and tamper evidence: a new
 * game gets a secret seed (kept in the seed store) and records its commitment and its engine version in its
 * first event; each command's chance is derived from the seed and recorded with the command; commands that
 * cross a round or month boundary record a checksum; hidden values are committed to; the command that ends
 * the game reveals the seed. See docs/integrity.md.
 */
export class IntegrityRecorder {
  /** The seed behind each source handed out (sources are per attempt, so this never grows for long). */
  private readonly seedOf = new WeakMap<RandomSource, GameSeed>();

  constructor(private readonly options: IntegrityRecorderOptions) {}

  readonly randomSource = async (at: { readonly streamId: string; readonly revision: number | undefined }): Promise<RandomSource> => {
    const game = this.options.gameOf(at.streamId);
    const firstRevision = (at.revision ?? -1) + 1;
    if (game === undefined) return this.options.plain();
    if (this.options.provable === false) return recordingRandom(this.options.plain(), firstRevision);
    const seed = at.revision === undefined ? await this.options.seeds.getOrCreate(game.gameId, newSeed()) : await this.options.seeds.get(game.gameId);
    if (seed === undefined) {
      if (at.revision !== undefined && (await this.options.seedCommitted?.(at.streamId))) throw new SeedUnavailable(game.gameId);
      return recordingRandom(this.options.plain(), firstRevision);
    }
    const random = fairRandom(seed.seed, firstRevision, seed.epoch);
    this.seedOf.set(random, seed);
    return random;
  };

  readonly annotate = (decision: AnnotatedDecision): (Record<string, unknown> | undefined)[] => {
    const game = this.options.gameOf(decision.streamId);
    if (game === undefined || decision.events.length === 0) return [];
    const { rules } = game;
    const extras: Record<string, unknown>[] = decision.events.map(() => ({}));
    const first = extras[0] as Record<string, unknown>;
    const last = extras[extras.length - 1] as Record<string, unknown>;
    const seed = this.seedOf.get(decision.random);
    if (decision.revision === undefined) {
      first['engine'] = { game: rules.type, version: rules.engineVersion };
      if (seed !== undefined) first['fairness'] = { scheme: FAIRNESS_SCHEME, commitment: seedCommitment(seed.seed) };
    }
    const draws = (decision.random as Partial<RecordingRandomSource>).draws;
    if (draws !== undefined && draws.length > 0) {
      first['draws'] = [...draws];
      // The command, to decide it again in the verifier. It may hold a hidden value (the newspaper card BOLSA's
      // last reader chooses): like all metadata it is kept in the log and never served.
      first['command'] = { type: decision.command.type, data: decision.command.data };
    }
    decision.events.forEach((event, index) => {
      const value = rules.committedValueOf?.(event);
      if (value === undefined) return;
      const nonce = (this.options.newNonce ?? newNonce)();
      const extra = extras[index] as Record<string, unknown>;
      extra['commitment'] = { scheme: COMMITMENT_SCHEME, hash: commitTo(value, nonce) };
      extra['commitmentNonce'] = nonce;
    });
    const boundary = rules.checksumAt?.(decision.before, decision.after);
    if (boundary !== undefined) last['checksum'] = { algorithm: 'sha256', boundary: boundary.boundary, hash: stateChecksum(boundary.covered) };
    if (seed !== undefined && rules.decider.isTerminal(decision.after) && !rules.decider.isTerminal(decision.before)) {
      // The game is over: nothing is left to protect, so its current seed is revealed with the last event.
      last['revealedSeed'] = seed.seed;
      if (seed.epoch > 0) last['revealedEpoch'] = seed.epoch;
    }
    return extras.map((extra) => (Object.keys(extra).length === 0 ? undefined : extra));
  };
}
