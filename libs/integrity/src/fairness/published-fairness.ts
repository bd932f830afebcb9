import type { RecordedEvent } from '@corbeille/event-store';
import { commitTo } from './commitment';
import { fairInt } from './fair-random';
import { batchRootsOf, commitmentOf, drawsOf, unitsOf } from './integrity-metadata';
import { batchOf, leafProofHolds, positionNonce, unitLeaf, unitProofHolds } from './unit-seeds';

/** One position of a concealed list: its commitment always; its value and nonce to whoever may see that card. */
export interface PublishedPosition {
  readonly position: number;
  readonly hash: string;
  readonly value: unknown;
  readonly nonce: string | null;
}

/** One unit of chance (hmac-sha256-v2) as a viewer may see it. */
export interface PublishedUnit {
  /** The revision and global position of the first event of the command that drew it. */
  readonly revision: number;
  readonly position: number;
  readonly unit: number;
  readonly batch: number;
  readonly concealed: boolean;
  /** SHA-256 of 0x00 and the sub-seed: always public (the sub-seed cannot be found from it). */
  readonly leaf: string;
  readonly path: readonly string[];
  /** The sub-seed, when the viewer may know the unit's outcome; null otherwise. */
  readonly seed: string | null;
  readonly draws: readonly { readonly index: string; readonly min: number; readonly max: number; readonly value: number | null }[];
  readonly positions: readonly PublishedPosition[];
}

export interface PublishedFairness {
  readonly batchRoots: readonly { readonly batch: number; readonly root: string; readonly revision: number }[];
  readonly units: readonly PublishedUnit[];
}

/** A hidden value's commitment as a reader may see it (a BOLSA plan): its nonce only once the reader's lens shows the event whole. */
export interface PublishedCommitment {
  readonly revision: number;
  readonly position: number;
  readonly eventType: string;
  readonly scheme: string;
  readonly hash: string;
  readonly nonce: string | null;
}

/** The commitments of a game's events as a reader sees them (the lens hands back the same event when it hides nothing). */
export function publishCommitments(gameEvents: readonly RecordedEvent[], lens: (event: RecordedEvent) => RecordedEvent): PublishedCommitment[] {
  return gameEvents.flatMap((event) => {
    const commitment = commitmentOf(event.metadata);
    if (commitment === undefined) return [];
    const nonce = event.metadata['commitmentNonce'];
    const shown = lens(event) === event && typeof nonce === 'string' ? nonce : null;
    return [{ revision: event.revision, position: event.position, eventType: event.type, scheme: commitment.scheme, hash: commitment.hash, nonce: shown }];
  });
}

/**
 * What of a v2 game's record of chance a viewer may see, judged by the game's own redaction (`lens`, which
 * returns an event unchanged when it hides nothing from the viewer):
 * - every batch root, and every unit's leaf and Merkle path (commitments disclose nothing);
 * - a plain unit (dice, lotteries: public outcomes): its sub-seed and draws, to everyone;
 * - a concealed unit (a shuffled pile): its sub-seed and draws only to a viewer who sees every event of the
 *   command that drew it whole (a Maxi Bourse referee sees pile orders; nobody sees BOLSA's deck order);
 * - one position of a concealed list: its value and nonce to a viewer who sees that card in an event of the
 *   shuffle's command or a later one (the holder of a drawn card, everyone once it is played). A list whose values repeat (a pile
 *   of shares) opens no position alone, since a value would not tell which position it came from.
 */
export function publishFairness(gameEvents: readonly RecordedEvent[], lens: (event: RecordedEvent) => RecordedEvent): PublishedFairness {
  const batchRoots = gameEvents.flatMap((event) => batchRootsOf(event.metadata).map((root) => ({ ...root, revision: event.revision })));
  const units: PublishedUnit[] = [];
  for (let start = 0; start < gameEvents.length; ) {
    const head = gameEvents[start] as RecordedEvent;
    let end = start + 1;
    while (end < gameEvents.length && (gameEvents[end] as RecordedEvent).metadata.commandId === head.metadata.commandId) end += 1;
    const recorded = unitsOf(head.metadata);
    if (recorded) {
      const draws = drawsOf(head.metadata) ?? [];
      const wholeToViewer = gameEvents.slice(start, end).every((event) => lens(event) === event);
      let seenLater: Set<string> | undefined;
      // What the viewer sees from this command on (its own events included: a card drawn right after a reshuffle).
      // A shuffle event as the lens leaves it names no card to a viewer who may not see the order.
      const seen = () => (seenLater ??= valuesSeenIn(gameEvents.slice(start).map(lens)));
      for (const unit of recorded) {
        const open = !unit.concealed || wholeToViewer;
        const outcome = unit.outcome ?? [];
        const repeats = new Set(outcome.map((value) => JSON.stringify(value))).size !== outcome.length;
        units.push({
          revision: head.revision,
          position: head.position,
          unit: unit.unit,
          batch: batchOf(head.revision),
          concealed: unit.concealed === true,
          leaf: unitLeaf(unit.seed),
          path: unit.path,
          seed: open ? unit.seed : null,
          draws: draws
            .filter((draw) => draw.unit === unit.unit)
            .map((draw) => ({ index: draw.index, min: draw.min, max: draw.max, value: open ? draw.value : null })),
          positions: (unit.positions ?? []).map((hash, position) => {
            const value = outcome[position];
            const shown = open || (!repeats && typeof value === 'string' && seen().has(value));
            const nonce = shown ? positionNonce(unit.seed, position) : null;
            return { position, hash, value: shown ? value : null, nonce };
          }),
        });
      }
    }
    start = end;
  }
  return { batchRoots, units };
}

export interface PublishedFairnessCheck {
  readonly ok: boolean;
  /** Units whose leaf is in their committed batch. */
  readonly unitsChecked: number;
  /** Units whose disclosed sub-seed matches their leaf, and draws recomputed from them. */
  readonly seedsChecked: number;
  readonly drawsChecked: number;
  /** Opened positions matching their commitment. */
  readonly positionsChecked: number;
  readonly problems: readonly string[];
}

/**
 * The check anyone can make of what they were shown: every leaf is in the batch its root commits to; every
 * disclosed sub-seed hashes to its leaf and gives the disclosed draws; every opened position matches its
 * commitment. Independent of the log: it needs only `gameFairness`.
 */
export function verifyPublishedFairness(published: PublishedFairness): PublishedFairnessCheck {
  const problems: string[] = [];
  const counts = { unitsChecked: 0, seedsChecked: 0, drawsChecked: 0, positionsChecked: 0 };
  const roots = new Map<number, string>();
  for (const { batch, root } of published.batchRoots) if (!roots.has(batch)) roots.set(batch, root);
  for (const unit of published.units) {
    const where = `unit ${unit.unit} of revision ${unit.revision}`;
    const root = roots.get(unit.batch);
    if (root === undefined || !leafProofHolds(unit.leaf, unit.revision, unit.unit, unit.path, root)) {
      problems.push(`${where}: its leaf is not in committed batch ${unit.batch}`);
      continue;
    }
    counts.unitsChecked += 1;
    if (unit.seed !== null) {
      if (unitLeaf(unit.seed) !== unit.leaf || !unitProofHolds(unit.seed, unit.revision, unit.unit, unit.path, root)) {
        problems.push(`${where}: the disclosed sub-seed is not the committed one`);
        continue;
      }
      counts.seedsChecked += 1;
      for (const draw of unit.draws) {
        if (draw.value === null) continue;
        counts.drawsChecked += 1;
        const expected = fairInt(unit.seed, draw.index, draw.min, draw.max);
        if (expected !== draw.value) problems.push(`${where}: draw ${draw.index} is ${draw.value}, its sub-seed gives ${expected}`);
      }
    }
    for (const position of unit.positions) {
      if (position.nonce === null) continue;
      counts.positionsChecked += 1;
      if (commitTo(position.value, position.nonce) !== position.hash) problems.push(`${where}: position ${position.position} does not match its commitment`);
    }
  }
  return { ok: problems.length === 0, ...counts, problems };
}

/** Every string in the events' data as the viewer sees it. */
function valuesSeenIn(events: readonly RecordedEvent[]): Set<string> {
  const seen = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') seen.add(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  for (const event of events) visit(event.data);
  return seen;
}
