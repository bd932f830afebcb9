import type { DomainCommand, DomainEvent, RandomSource } from '@corbeille/kernel';
import { COMMITMENT_SCHEME, commitTo, newNonce, stateChecksum } from './commitment';
import { FAIRNESS_SCHEME, fairRandom, newSeed, recordingRandom, seedCommitment, type RecordingRandomSource } from './fair-random';
import type { GameSeed, SeedStore } from './seed-store';
import { batchOf, batchTree, FAIRNESS_SCHEME_V2, pathIn, REVISIONS_PER_BATCH, rootOf, unitRandom, type RecordedUnit, type UnitRandomSource } from './unit-seeds';

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
  /**
   * The fairness scheme a game's first event records. Games created under `hmac-sha256-v1` keep drawing
   * with it to their end; a new game, or one this is not given for, uses `hmac-sha256-v2`.
   */
  readonly schemeOf?: (streamId: string) => Promise<string | undefined>;
  /** The scheme new games get (default v2); v1 only to reproduce games recorded before v2 (tests of them). */
  readonly newGameScheme?: typeof FAIRNESS_SCHEME | typeof FAIRNESS_SCHEME_V2;
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

/** Batch trees kept for the games being played (a tree is 511 hashes; it is rebuilt from the master when evicted). */
const TREES_KEPT = 64;

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
  private readonly trees = new Map<string, string[][]>();
  private readonly schemes = new Map<string, string | undefined>();

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
    const scheme = at.revision === undefined ? (this.options.newGameScheme ?? FAIRNESS_SCHEME_V2) : await this.schemeOf(at.streamId);
    const random = scheme === FAIRNESS_SCHEME ? fairRandom(seed.seed, firstRevision, seed.epoch) : unitRandom(seed.seed, firstRevision);
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
    const v2 = seed !== undefined && isUnitRandom(decision.random);
    if (decision.revision === undefined) {
      first['engine'] = { game: rules.type, version: rules.engineVersion };
      if (seed !== undefined && v2) {
        const roots = [0, 1].map((batch) => ({ batch, root: rootOf(this.treeOf(game.gameId, seed.seed, batch)) }));
        first['fairness'] = { scheme: FAIRNESS_SCHEME_V2, commitment: roots[0]?.root };
        first['batchRoots'] = roots;
      } else if (seed !== undefined) first['fairness'] = { scheme: FAIRNESS_SCHEME, commitment: seedCommitment(seed.seed) };
    }
    if (seed !== undefined && v2) {
      // The event at revision 16b commits to batch b + 1, 16 events before any of its sub-seeds is drawn from.
      const firstRevision = (decision.revision ?? -1) + 1;
      decision.events.forEach((_, index) => {
        const revision = firstRevision + index;
        if (revision === 0 || revision % REVISIONS_PER_BATCH !== 0) return;
        const batch = revision / REVISIONS_PER_BATCH + 1;
        (extras[index] as Record<string, unknown>)['batchRoots'] = [{ batch, root: rootOf(this.treeOf(game.gameId, seed.seed, batch)) }];
      });
    }
    const draws = (decision.random as Partial<RecordingRandomSource>).draws;
    if (draws !== undefined && draws.length > 0) {
      first['draws'] = [...draws];
      if (seed !== undefined && v2) {
        const random = decision.random as UnitRandomSource;
        const tree = this.treeOf(game.gameId, seed.seed, batchOf(random.firstRevision));
        first['units'] = random.units.map(
          (unit): RecordedUnit => ({
            unit: unit.unit,
            seed: unit.seed,
            path: pathIn(tree, random.firstRevision, unit.unit),
            ...(unit.concealed ? { concealed: true } : {}),
            ...(unit.positions ? { positions: [...unit.positions] } : {}),
            ...(unit.outcome ? { outcome: [...unit.outcome] } : {}),
          }),
        );
      }
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
    if (seed !== undefined && !v2 && rules.decider.isTerminal(decision.after) && !rules.decider.isTerminal(decision.before)) {
      // hmac-sha256-v1: the game is over, so its current seed is revealed with the last event. (This discloses
      // every pile's order, hidden cards included: v2 never reveals the master secret.)
      last['revealedSeed'] = seed.seed;
      if (seed.epoch > 0) last['revealedEpoch'] = seed.epoch;
    }
    return extras.map((extra) => (Object.keys(extra).length === 0 ? undefined : extra));
  };

  private async schemeOf(streamId: string): Promise<string | undefined> {
    if (this.options.schemeOf === undefined) return FAIRNESS_SCHEME_V2;
    if (this.schemes.has(streamId)) return this.schemes.get(streamId);
    const scheme = await this.options.schemeOf(streamId);
    if (this.schemes.size >= 10_000) this.schemes.clear();
    this.schemes.set(streamId, scheme);
    return scheme;
  }

  private treeOf(gameId: string, master: string, batch: number): string[][] {
    const key = `${gameId}/${master}/${batch}`;
    const kept = this.trees.get(key);
    if (kept !== undefined) return kept;
    const tree = batchTree(master, batch);
    if (this.trees.size >= TREES_KEPT) this.trees.delete(this.trees.keys().next().value as string);
    this.trees.set(key, tree);
    return tree;
  }
}

function isUnitRandom(random: RandomSource): random is UnitRandomSource {
  return Array.isArray((random as Partial<UnitRandomSource>).units);
}
