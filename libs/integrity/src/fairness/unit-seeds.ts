import { createHash, createHmac } from 'node:crypto';
import { commitTo } from './commitment';
import { drawCounter, fairInt, isSeed, type RecordedDraw, type RecordingRandomSource } from './fair-random';

/**
 * Fairness without disclosure (docs/integrity.md, "The scheme (hmac-sha256-v2)"). The game's master secret
 * never leaves the seed store. Each chance outcome (a command's public draws, or one concealed draw such as
 * a pile's shuffle) is a *unit* with its own sub-seed, HMAC-SHA-256(master, "corbeille/fairness/v2/unit/<r>/<j>"),
 * r being the revision of the command's first event and j the unit's number in the command. Revealing a
 * unit's sub-seed discloses that outcome and nothing else.
 *
 * Sub-seeds are committed to before they are used: the units of revisions [16b, 16b + 16) form batch b, a
 * Merkle tree of 16 x 8 leaves (leaf = SHA-256 of the sub-seed); the game's first event records the roots
 * of batches 0 and 1, and the event at revision 16b records the root of batch b + 1, so a sub-seed is fixed
 * at least 16 events before it is drawn from, and the server cannot pick it once it knows the command.
 */
export const FAIRNESS_SCHEME_V2 = 'hmac-sha256-v2';
export const REVISIONS_PER_BATCH = 16;
export const UNITS_PER_COMMAND = 8;
const LEAVES_PER_BATCH = REVISIONS_PER_BATCH * UNITS_PER_COMMAND;

/** One unit as the drawing command's first event records it (`metadata.units`; the log is never served). */
export interface RecordedUnit {
  /** The unit's number within its command (0, 1, ...). */
  readonly unit: number;
  /** The unit's sub-seed (64 hex digits). */
  readonly seed: string;
  /** Sibling hashes from the leaf up to the root of its batch. */
  readonly path: readonly string[];
  /** A concealed unit: its outcome (a shuffled pile) is hidden, so it is revealed only to who may see it. */
  readonly concealed?: boolean;
  /** For a concealed unit whose outcome is a list (a pile): one commitment per position, so the holder of one card can check it alone. */
  readonly positions?: readonly string[];
  /** The concealed list itself, so the position a viewer may see can be opened to them. */
  readonly outcome?: readonly unknown[];
}

/** What a published unit discloses to a viewer, and how an independent party checks it. */
export interface BatchRoot {
  readonly batch: number;
  readonly root: string;
}

export function unitLabel(firstRevision: number, unit: number): string {
  return `corbeille/fairness/v2/unit/${firstRevision}/${unit}`;
}

export function unitSeed(master: string, firstRevision: number, unit: number): string {
  if (!isSeed(master)) throw new Error('A master secret is 32 bytes written as 64 lowercase hex digits');
  return createHmac('sha256', Buffer.from(master, 'hex')).update(unitLabel(firstRevision, unit), 'utf8').digest('hex');
}

export function batchOf(firstRevision: number): number {
  return Math.floor(firstRevision / REVISIONS_PER_BATCH);
}

/** The leaf of a sub-seed: SHA-256 of its bytes, with a 0x00 prefix (inner nodes take 0x01), hex. */
export function unitLeaf(seed: string): string {
  return createHash('sha256').update(Buffer.from([0])).update(Buffer.from(seed, 'hex')).digest('hex');
}

function node(left: string, right: string): string {
  return createHash('sha256').update(Buffer.from([1])).update(Buffer.from(left, 'hex')).update(Buffer.from(right, 'hex')).digest('hex');
}

function leafIndex(firstRevision: number, unit: number): number {
  return (firstRevision % REVISIONS_PER_BATCH) * UNITS_PER_COMMAND + unit;
}

/** A batch's Merkle tree, level by level (leaves first). */
export function batchTree(master: string, batch: number): string[][] {
  const leaves: string[] = [];
  for (let offset = 0; offset < REVISIONS_PER_BATCH; offset += 1) {
    for (let unit = 0; unit < UNITS_PER_COMMAND; unit += 1) leaves.push(unitLeaf(unitSeed(master, batch * REVISIONS_PER_BATCH + offset, unit)));
  }
  const levels = [leaves];
  while ((levels[levels.length - 1] as string[]).length > 1) {
    const below = levels[levels.length - 1] as string[];
    const above: string[] = [];
    for (let i = 0; i < below.length; i += 2) above.push(node(below[i] as string, below[i + 1] as string));
    levels.push(above);
  }
  return levels;
}

export function rootOf(tree: readonly string[][]): string {
  return (tree[tree.length - 1] as string[])[0] as string;
}

export function pathIn(tree: readonly string[][], firstRevision: number, unit: number): string[] {
  const path: string[] = [];
  let index = leafIndex(firstRevision, unit);
  for (let level = 0; level < tree.length - 1; level += 1) {
    path.push((tree[level] as string[])[index ^ 1] as string);
    index >>= 1;
  }
  return path;
}

/** Whether a sub-seed is the one committed for unit `unit` of the command at `firstRevision` under `root`. */
export function unitProofHolds(seed: string, firstRevision: number, unit: number, path: readonly string[], root: string): boolean {
  return isSeed(seed) && leafProofHolds(unitLeaf(seed), firstRevision, unit, path, root);
}

/** Whether a leaf is unit `unit` of the command at `firstRevision` in the batch whose root is `root`. */
export function leafProofHolds(leaf: string, firstRevision: number, unit: number, path: readonly string[], root: string): boolean {
  if (!Number.isInteger(unit) || unit < 0 || unit >= UNITS_PER_COMMAND || path.length !== Math.log2(LEAVES_PER_BATCH)) return false;
  let hash = leaf;
  let index = leafIndex(firstRevision, unit);
  for (const sibling of path) {
    hash = index % 2 === 0 ? node(hash, sibling) : node(sibling, hash);
    index >>= 1;
  }
  return hash === root;
}

/** The nonce of a concealed list's position: derived from the unit's sub-seed, so revealing one discloses no other. */
export function positionNonce(seed: string, position: number): string {
  return createHmac('sha256', Buffer.from(seed, 'hex')).update(`position/${position}`, 'utf8').digest('hex').slice(0, 32);
}

/** The commitments to each position of a concealed list: SHA-256 of the canonical JSON of `{ nonce, value }`. */
export function positionCommitments(seed: string, values: readonly unknown[]): string[] {
  return values.map((value, position) => commitTo(value, positionNonce(seed, position)));
}

/** The recording source of a v2 decision: its draws, and its units with their sub-seeds (paths are added when annotated). */
export interface UnitRandomSource extends RecordingRandomSource {
  readonly units: readonly { readonly unit: number; readonly seed: string; readonly concealed: boolean; readonly positions?: string[]; readonly outcome?: unknown[] }[];
  readonly firstRevision: number;
}

/**
 * Chance for one decision under v2: the first plain draw opens one unit for all the command's plain (public)
 * draws; each concealed call (a shuffle) opens a unit of its own. A draw's
 * outcome is fairInt(unit sub-seed, "<r>:<i>", min, max), i counting every draw of the command.
 */
export function unitRandom(master: string, firstRevision: number): UnitRandomSource {
  const draws: (RecordedDraw & { readonly unit: number })[] = [];
  const units: { unit: number; seed: string; concealed: boolean; positions?: string[]; outcome?: unknown[] }[] = [];
  let plainUnit: number | undefined;
  let concealedUnit: number | undefined;
  const open = (concealed: boolean): number => {
    const unit = units.length;
    if (unit >= UNITS_PER_COMMAND) throw new Error(`A command may draw from at most ${UNITS_PER_COMMAND} units of chance`);
    units.push({ unit, seed: unitSeed(master, firstRevision, unit), concealed });
    return unit;
  };
  return {
    draws,
    units,
    firstRevision,
    int(min, max) {
      let unit = concealedUnit;
      if (unit === undefined) {
        plainUnit ??= open(false);
        unit = plainUnit;
      }
      const index = drawCounter(firstRevision, draws.length);
      const value = fairInt((units[unit] as { seed: string }).seed, index, min, max);
      draws.push({ index, min, max, value, unit });
      return value;
    },
    concealed<T>(draw: () => T): T {
      if (concealedUnit !== undefined) return draw();
      const unit = open(true);
      concealedUnit = unit;
      try {
        const outcome = draw();
        const record = units[unit] as { seed: string; positions?: string[]; outcome?: unknown[] };
        if (Array.isArray(outcome)) {
          record.positions = positionCommitments(record.seed, outcome);
          record.outcome = [...(outcome as unknown[])];
        }
        return outcome;
      } finally {
        concealedUnit = undefined;
      }
    },
  };
}
