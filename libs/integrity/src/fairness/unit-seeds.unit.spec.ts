import type { RecordedEvent } from '@corbeille/event-store';
import { shuffle } from '@corbeille/kernel';
import { commitTo } from './commitment';
import { fairInt } from './fair-random';
import { publishFairness, verifyPublishedFairness } from './published-fairness';
import {
  batchTree,
  pathIn,
  positionCommitments,
  positionNonce,
  REVISIONS_PER_BATCH,
  rootOf,
  UNITS_PER_COMMAND,
  unitLeaf,
  unitProofHolds,
  unitRandom,
  unitSeed,
} from './unit-seeds';

const MASTER = Array.from({ length: 32 }, (_, index) => index.toString(16).padStart(2, '0')).join('');

describe('hmac-sha256-v2: a committed sub-seed per unit of chance', () => {
  it('derives a unit\'s sub-seed from the master secret and its place (known vector)', () => {
    const seed = unitSeed(MASTER, 3, 0);
    expect(seed).toBe('1a6b401b32a0c017fe6eac0d9b0679844dc0fb55219e7f27c4b438d37cf8dd9a');
    expect(unitLeaf(seed)).toBe('a7025424507f0861b10ddbf1d743b122e99b0c27f0ff25eea9478731adb40286');
    expect(fairInt(seed, '3:0', 1, 6)).toBe(5);
    expect(rootOf(batchTree(MASTER, 0))).toBe('3fbfc400e302f70cb46a0e5e68dd5cae6feb5f2c16e98d500c40c1eaf65ad233');
    expect(positionNonce(seed, 0)).toBe('440cdf9888eb86b5e62ca09997d08d0a');
  });

  it('proves each sub-seed against its batch root, and no other seed nor place', () => {
    const tree = batchTree(MASTER, 1);
    const root = rootOf(tree);
    const revision = REVISIONS_PER_BATCH + 5;
    const seed = unitSeed(MASTER, revision, 2);
    const path = pathIn(tree, revision, 2);
    expect(path).toHaveLength(Math.log2(REVISIONS_PER_BATCH * UNITS_PER_COMMAND));
    expect(unitProofHolds(seed, revision, 2, path, root)).toBe(true);
    expect(unitProofHolds(unitSeed(MASTER, revision, 3), revision, 2, path, root)).toBe(false);
    expect(unitProofHolds(seed, revision, 3, path, root)).toBe(false);
    expect(unitProofHolds(seed, revision, 2, path, rootOf(batchTree(MASTER, 2)))).toBe(false);
  });

  it('gives a command\'s public draws one unit and each concealed list its own, committed position by position', () => {
    const random = unitRandom(MASTER, 7);
    const die = random.int(1, 6);
    const pile = shuffle(['a', 'b', 'c', 'd', 'e'], random);
    const again = random.int(1, 6);
    expect(random.units.map((unit) => [unit.unit, unit.concealed])).toEqual([
      [0, false],
      [1, true],
    ]);
    expect(random.draws.map((draw) => draw.unit)).toEqual([0, 1, 1, 1, 1, 0]);
    expect(die).toBe(fairInt(unitSeed(MASTER, 7, 0), '7:0', 1, 6));
    expect(again).toBe(fairInt(unitSeed(MASTER, 7, 0), '7:5', 1, 6));
    const concealed = random.units[1];
    expect(concealed?.outcome).toEqual(pile);
    expect(concealed?.positions).toEqual(positionCommitments(concealed?.seed as string, pile));
    // One position opens alone: its nonce says nothing of the others.
    expect(commitTo(pile[2], positionNonce(concealed?.seed as string, 2))).toBe(concealed?.positions?.[2]);
    expect(commitTo(pile[3], positionNonce(concealed?.seed as string, 2))).not.toBe(concealed?.positions?.[2]);
  });

  it('publishes a concealed unit\'s seed only to a viewer who sees its command whole, and a position to who saw its card', () => {
    const random = unitRandom(MASTER, 0);
    const order = shuffle(['n1', 'n2', 'n3', 'n4'], random);
    const roll = random.int(1, 6);
    const tree = batchTree(MASTER, 0);
    const units = random.units.map((unit) => ({ ...unit, path: pathIn(tree, 0, unit.unit) }));
    const event = (revision: number, type: string, data: unknown, metadata: Record<string, unknown> = {}): RecordedEvent => ({
      id: `e${revision}`,
      streamId: 'game-x',
      revision,
      position: revision,
      type,
      data,
      metadata: { commandId: revision === 0 ? 'start' : `c${revision}`, actor: 'x', correlationId: 'x', causationId: 'x', occurredAt: '2026-01-01T00:00:00.000Z', ...metadata },
      recordedAt: '2026-01-01T00:00:00.000Z',
    });
    const log = [
      event(0, 'DeckShuffled', { order, roll }, { draws: random.draws, units, batchRoots: [{ batch: 0, root: rootOf(tree) }] }),
      event(1, 'CardsDrawn', { playerId: 'ann', cards: [order[0]] }),
    ];
    const hidden = (viewer: 'ann' | 'ben') => (recorded: RecordedEvent) =>
      recorded.type === 'DeckShuffled' || (recorded.type === 'CardsDrawn' && viewer !== 'ann') ? { ...recorded, data: { hidden: true } } : recorded;
    const asBen = publishFairness(log, hidden('ben'));
    const asAnn = publishFairness(log, hidden('ann'));
    const everything = publishFairness(log, (recorded) => recorded);
    const pileOf = (published: typeof asBen) => published.units.find((unit) => unit.concealed);
    expect(asBen.units.find((unit) => !unit.concealed)?.seed).toBe(unitSeed(MASTER, 0, 1));
    expect(pileOf(asBen)).toMatchObject({ seed: null });
    expect(pileOf(asBen)?.draws.every((draw) => draw.value === null)).toBe(true);
    expect(pileOf(asBen)?.positions.every((position) => position.nonce === null && position.value === null)).toBe(true);
    // Ann drew the top card: she may open that position, and only it.
    expect(pileOf(asAnn)?.positions.filter((position) => position.nonce !== null).map((position) => position.value)).toEqual([order[0]]);
    expect(pileOf(everything)?.seed).toBe(unitSeed(MASTER, 0, 0));
    for (const published of [asBen, asAnn, everything]) expect(verifyPublishedFairness(published)).toMatchObject({ ok: true });
    expect(verifyPublishedFairness(asAnn)).toMatchObject({ positionsChecked: 1, drawsChecked: 1 });
    expect(roll).toBe(asBen.units.find((unit) => !unit.concealed)?.draws[0]?.value);
    // A forged sub-seed or card is caught.
    const forged = { ...asAnn, units: asAnn.units.map((unit) => ({ ...unit, positions: unit.positions.map((position) => (position.nonce ? { ...position, value: 'n9' } : position)) })) };
    expect(verifyPublishedFairness(forged).ok).toBe(false);
  });
});
