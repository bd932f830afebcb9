import type { RecordedEvent } from '@corbeille/event-store';
import type { DecisionContext, DomainCommand, DomainEvent, RandomSource } from '@corbeille/kernel';
import { canonicalJson } from '../canonical-json';
import { COMMITMENT_SCHEME, commitTo, stateChecksum } from './commitment';
import { fairInt, seedCommitment, type RecordedDraw } from './fair-random';
import { batchRootsOf, checksumOf, commitmentOf, drawsOf, enginePinOf, fairnessOf, seedEpochsOf, unitsOf, type EnginePin } from './integrity-metadata';
import { batchOf, FAIRNESS_SCHEME_V2, positionCommitments, REVISIONS_PER_BATCH, unitProofHolds, type RecordedUnit } from './unit-seeds';

/** The rules a verifier needs of a game type: its deciders by engine version, its checksums and its commitments. */
export interface VerifiableGame {
  readonly type: string;
  /** The decider of a pinned engine version; throws for a version it does not know. */
  readonly deciderFor: (version: string) => {
    readonly initialState: () => unknown;
    readonly decide: (state: unknown, command: DomainCommand, context: DecisionContext) => DomainEvent[];
    readonly evolve: (state: unknown, event: DomainEvent) => unknown;
  };
  /** The engine version a game without a pin is played with. */
  readonly engineVersion: string;
  readonly checksumAt?: (before: unknown, after: unknown) => { readonly boundary: string; readonly covered: unknown } | undefined;
  readonly committedValueOf?: (event: DomainEvent) => unknown;
}

/**
 * How the game counts its events when a referee's rewind voided some (see libs/rulings): the verifier folds
 * event by event, and folds the whole prefix again this way after an event that changes what counts.
 */
export interface FairnessFold {
  readonly restartsFold: (event: RecordedEvent) => boolean;
  /** The state after these events as the game counts them (what rewinds voided left out). */
  readonly foldLive: (events: readonly RecordedEvent[]) => unknown;
}

export type FairnessMismatchKind =
  | 'ENGINE'
  | 'COMMITMENT'
  | 'DRAW'
  | 'MISSING_COMMAND'
  | 'OUTCOME'
  | 'CHECKSUM'
  | 'PLAN_COMMITMENT';

export interface FairnessMismatch {
  readonly kind: FairnessMismatchKind;
  /** The event's revision in the game's stream (0-based) and its position in the global log. */
  readonly revision: number;
  readonly position: number;
  readonly message: string;
}

export interface FairnessReport {
  readonly streamId: string;
  readonly engine: EnginePin | undefined;
  /** The fairness scheme of the game's first event ("hmac-sha256-v2", or "hmac-sha256-v1" for older games). */
  readonly scheme: string | undefined;
  /** The seed's commitment recorded at creation; undefined for a game without provable chance. */
  readonly commitment: string | undefined;
  /**
   * v1: whether every seed epoch the game drew from so far is revealed, so every draw could be recomputed.
   * v2: always false (the game's secret is never revealed; each draw is checked with its own sub-seed).
   */
  readonly seedRevealed: boolean;
  /** How many seed epochs the game has had (a referee's early reveal starts a new one). */
  readonly epochs: number;
  /** Draws recomputed from their revealed seed. */
  readonly drawsChecked: number;
  /** Draws whose seed is not revealed yet. */
  readonly drawsPending: number;
  /** Commands decided again with their draws, compared with their logged events. */
  readonly commandsReplayed: number;
  readonly checksumsChecked: number;
  readonly commitmentsChecked: number;
  readonly mismatches: readonly FairnessMismatch[];
  readonly ok: boolean;
}

/**
 * Checks a game's record of chance, from its events and its integrity stream:
 * - the revealed seed matches the commitment of the first event, and every recorded draw is what the seed
 *   gives for its counter (once the seed is revealed);
 * - every command that drew is decided again, on the state before it, with the recorded draws, by the
 *   pinned engine version: it must give exactly the logged events (so outcomes come from the draws);
 * - an independent fold reproduces every round/month checksum, and the checksums are where boundaries are;
 * - every committed value (a BOLSA plan) matches its commitment.
 * It reads the whole log, secrets included: callers decide what of the report may be shown.
 */
export function verifyFairness(
  game: VerifiableGame,
  gameEvents: readonly RecordedEvent[],
  integrityEvents: readonly RecordedEvent[] = [],
  fold?: FairnessFold,
): FairnessReport {
  const first = gameEvents[0];
  const streamId = first?.streamId ?? '';
  const mismatches: FairnessMismatch[] = [];
  const mismatch = (kind: FairnessMismatchKind, event: RecordedEvent, message: string) =>
    mismatches.push({ kind, revision: event.revision, position: event.position, message });
  const engine = enginePinOf(first?.metadata);
  const fairness = fairnessOf(first?.metadata);
  const commitment = fairness?.commitment;
  const v2 = fairness?.scheme === FAIRNESS_SCHEME_V2;
  const epochs = seedEpochsOf(gameEvents, integrityEvents);
  const counts = { drawsChecked: 0, drawsPending: 0, commandsReplayed: 0, checksumsChecked: 0, commitmentsChecked: 0 };
  const usedEpochs = new Set<number>([0]);
  const report = (): FairnessReport => ({
    streamId,
    engine,
    scheme: fairness?.scheme,
    commitment,
    // v2 never reveals the game's secret: every draw is checked against its own committed sub-seed (kept in the log).
    seedRevealed: v2 ? false : commitment !== undefined && [...usedEpochs].every((epoch) => epochs[epoch]?.revealed !== undefined),
    epochs: epochs.length,
    ...counts,
    mismatches,
    ok: mismatches.length === 0,
  });
  if (first === undefined) return report();

  if (engine && engine.game !== game.type) {
    mismatch('ENGINE', first, `The game is pinned to ${engine.game} rules, not ${game.type}`);
    return report();
  }
  let decider: ReturnType<VerifiableGame['deciderFor']>;
  try {
    decider = game.deciderFor(engine?.version ?? game.engineVersion);
  } catch (error) {
    mismatch('ENGINE', first, error instanceof Error ? error.message : String(error));
    return report();
  }

  // The seed of each epoch, once revealed and matching its commitment.
  const seeds = new Map<number, string>();
  for (const { epoch, commitment: committed, revealed } of epochs) {
    if (!revealed) continue;
    const when = epoch === 0 ? 'at creation' : `when epoch ${epoch - 1} was revealed`;
    if (committed === undefined) mismatch('COMMITMENT', revealed.at, `The seed of epoch ${epoch} was revealed, but no commitment to it is recorded`);
    else if (seedCommitment(revealed.seed) !== committed) {
      mismatch('COMMITMENT', revealed.at, `The revealed seed of epoch ${epoch} does not match the commitment recorded ${when} (${committed})`);
    } else seeds.set(epoch, revealed.seed);
  }

  // v2: the batch roots, each where it must be recorded (batches 0 and 1 in the first event, batch b + 1 at revision 16b).
  const roots = new Map<number, string>();
  if (v2) {
    for (const event of gameEvents) {
      for (const { batch, root } of batchRootsOf(event.metadata)) {
        const expectedAt = batch <= 1 ? 0 : (batch - 1) * REVISIONS_PER_BATCH;
        if (event.revision !== expectedAt) mismatch('COMMITMENT', event, `The root of batch ${batch} is recorded at revision ${event.revision}, not ${expectedAt}`);
        else if (!roots.has(batch)) roots.set(batch, root);
      }
    }
    if (roots.get(0) !== commitment) mismatch('COMMITMENT', first, 'The commitment is not the root of batch 0');
  }

  let state = decider.initialState();
  for (let start = 0; start < gameEvents.length; ) {
    const head = gameEvents[start] as RecordedEvent;
    let end = start + 1;
    while (end < gameEvents.length && (gameEvents[end] as RecordedEvent).metadata.commandId === head.metadata.commandId) end += 1;
    const group = gameEvents.slice(start, end);
    const last = group[group.length - 1] as RecordedEvent;
    const before = state;

    const draws = drawsOf(head.metadata);
    const units = v2 ? unitSeedsOf(head) : undefined;
    if (draws === null) mismatch('DRAW', head, 'The recorded draws are malformed');
    else if (draws !== undefined && draws.length > 0 && units !== undefined) {
      for (const draw of draws) {
        const unit = draw.unit === undefined ? undefined : units.get(draw.unit);
        if (unit === undefined) {
          counts.drawsPending += 1;
          continue;
        }
        counts.drawsChecked += 1;
        const expected = expectedDraw(unit.seed, draw);
        if (expected !== draw.value) {
          mismatch('DRAW', head, `Draw ${draw.index} in [${draw.min}, ${draw.max}] is recorded as ${draw.value}; its unit's sub-seed gives ${expected}`);
        }
      }
      replayCommand(head, group, before, draws, units);
    } else if (draws !== undefined && draws.length > 0) {
      for (const draw of draws) {
        const epoch = draw.epoch ?? 0;
        usedEpochs.add(epoch);
        const seed = seeds.get(epoch);
        if (seed === undefined) {
          counts.drawsPending += 1;
          continue;
        }
        counts.drawsChecked += 1;
        const expected = expectedDraw(seed, draw);
        if (expected !== draw.value) {
          mismatch('DRAW', head, `Draw ${draw.index} in [${draw.min}, ${draw.max}] is recorded as ${draw.value}; the seed gives ${expected}`);
        }
      }
      replayCommand(head, group, before, draws);
    }

    for (const event of group) {
      state = decider.evolve(state, { type: event.type, data: event.data });
      const value = game.committedValueOf?.({ type: event.type, data: event.data });
      if (value !== undefined) checkCommitment(event, value);
    }
    if (fold && group.some(fold.restartsFold)) state = fold.foldLive(gameEvents.slice(0, end));

    const boundary = game.checksumAt?.(before, state);
    const recorded = checksumOf(last.metadata);
    if (boundary !== undefined) {
      counts.checksumsChecked += 1;
      const hash = stateChecksum(boundary.covered);
      if (recorded === undefined) mismatch('CHECKSUM', last, `No checksum is recorded at the end of ${boundary.boundary}`);
      else if (recorded.hash !== hash || recorded.boundary !== boundary.boundary) {
        mismatch('CHECKSUM', last, `The checksum of ${recorded.boundary} does not match the re-folded price board and portfolios of ${boundary.boundary}`);
      }
    } else if (recorded !== undefined) mismatch('CHECKSUM', last, `A checksum of ${recorded.boundary} is recorded where no boundary was crossed`);
    start = end;
  }
  return report();

  function expectedDraw(revealedSeed: string, draw: RecordedDraw): number | string {
    try {
      return fairInt(revealedSeed, draw.index, draw.min, draw.max);
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }

  /** v2: the units of a drawing command whose sub-seeds are the ones committed in their batch; the others are reported. */
  function unitSeedsOf(head: RecordedEvent): Map<number, RecordedUnit> | undefined {
    const units = unitsOf(head.metadata);
    if (units === undefined) return undefined;
    const proven = new Map<number, RecordedUnit>();
    if (units === null) {
      mismatch('DRAW', head, 'The recorded units of chance are malformed');
      return proven;
    }
    const batch = batchOf(head.revision);
    const root = roots.get(batch);
    for (const unit of units) {
      if (root === undefined) mismatch('COMMITMENT', head, `No root of batch ${batch} is recorded before revision ${head.revision}`);
      else if (!unitProofHolds(unit.seed, head.revision, unit.unit, unit.path, root)) {
        mismatch('COMMITMENT', head, `The sub-seed of unit ${unit.unit} is not the one committed in batch ${batch}`);
      } else proven.set(unit.unit, unit);
    }
    return proven;
  }

  function replayCommand(
    head: RecordedEvent,
    group: readonly RecordedEvent[],
    before: unknown,
    draws: readonly RecordedDraw[],
    units?: ReadonlyMap<number, RecordedUnit>,
  ): void {
    const command = commandOf(head.metadata['command']);
    if (command === undefined) {
      mismatch('MISSING_COMMAND', head, 'The command that drew chance is not recorded, so its outcome cannot be checked');
      return;
    }
    counts.commandsReplayed += 1;
    const values = draws.map((draw) => {
      const seed = units ? (draw.unit === undefined ? undefined : units.get(draw.unit)?.seed) : seeds.get(draw.epoch ?? 0);
      return seed === undefined ? draw.value : expectedDraw(seed, draw);
    });
    let used = 0;
    const concealedOutcomes: unknown[] = [];
    const random: RandomSource = {
      concealed<T>(draw: () => T): T {
        const outcome = draw();
        concealedOutcomes.push(outcome);
        return outcome;
      },
      int(min, max) {
        const draw = draws[used];
        const value = values[used];
        used += 1;
        if (draw === undefined || typeof value !== 'number') throw new Error(`the command draws more than the ${draws.length} recorded draws`);
        if (draw.min !== min || draw.max !== max) throw new Error(`draw ${draw.index} is asked in [${min}, ${max}], recorded in [${draw.min}, ${draw.max}]`);
        return value;
      },
    };
    const now = typeof head.metadata.occurredAt === 'string' ? head.metadata.occurredAt : head.recordedAt;
    let decided: DomainEvent[];
    try {
      decided = decider.decide(before, command, { random, now });
    } catch (error) {
      mismatch('OUTCOME', head, `${command.type} decided again with its draws fails: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (used !== draws.length) mismatch('OUTCOME', head, `${command.type} decided again uses ${used} draws, ${draws.length} are recorded`);
    if (units) {
      // Each concealed list is the one its position commitments were made to (what a holder checks their card against).
      const concealed = [...units.values()].filter((unit) => unit.concealed).sort((a, b) => a.unit - b.unit);
      concealed.forEach((unit, index) => {
        const outcome = concealedOutcomes[index];
        if (unit.positions === undefined || !Array.isArray(outcome)) return;
        const expected = positionCommitments(unit.seed, outcome);
        if (canonicalJson(expected) !== canonicalJson(unit.positions) || canonicalJson(unit.outcome ?? outcome) !== canonicalJson(outcome)) {
          mismatch('DRAW', head, `The position commitments of unit ${unit.unit} are not those of the list it gives`);
        }
      });
    }
    const count = Math.max(decided.length, group.length);
    for (let i = 0; i < count; i += 1) {
      const logged = group[i];
      const expected = decided[i];
      const at = logged ?? (group[group.length - 1] as RecordedEvent);
      if (logged === undefined || expected === undefined) {
        mismatch('OUTCOME', at, `${command.type} decided again gives ${decided.length} events, ${group.length} are logged`);
        return;
      }
      if (logged.type !== expected.type || canonicalJson(logged.data) !== canonicalJson(expected.data)) {
        mismatch('OUTCOME', logged, `Event ${logged.revision} (${logged.type}) is not what ${command.type} gives with its draws (${expected.type})`);
        return;
      }
    }
  }

  function checkCommitment(event: RecordedEvent, value: unknown): void {
    counts.commitmentsChecked += 1;
    const recorded = commitmentOf(event.metadata);
    const nonce: unknown = event.metadata['commitmentNonce'];
    if (recorded === undefined || typeof nonce !== 'string') {
      mismatch('PLAN_COMMITMENT', event, `${event.type} carries no commitment to check its hidden value against`);
    } else if (recorded.scheme !== COMMITMENT_SCHEME || commitTo(value, nonce) !== recorded.hash) {
      mismatch('PLAN_COMMITMENT', event, `${event.type} does not match the commitment recorded when it was submitted`);
    }
  }
}

function commandOf(value: unknown): DomainCommand | undefined {
  if (typeof value !== 'object' || value === null || typeof (value as { type?: unknown }).type !== 'string') return undefined;
  return value as DomainCommand;
}
