import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { InMemoryEventStore, type EventStore } from '@corbeille/event-store';
import { SqliteEventStore, SqliteLogReader, type LogFilter } from '@corbeille/event-store-sqlite';
import { GAME_RESULT_EXTRACTORS, accountStreamId, leagueStreamId, type AccountEvent, type LeagueEvent } from '@corbeille/identity';
import { correctedGameResults } from '@corbeille/rulings';
import { IdentityProjection } from './identity.projection';
import { IdentityStore } from './identity.store';

const AT = '2026-02-01T20:00:00.000Z';
const metadata = (commandId: string) => ({ commandId, actor: 'test', correlationId: commandId, causationId: commandId, occurredAt: AT });

let sequence = 0;
async function append(store: EventStore, streamId: string, events: readonly { type: string; data: unknown }[]): Promise<number> {
  const revision = await store.streamRevision(streamId);
  sequence += 1;
  const result = await store.appendToStream(
    streamId,
    events.map((event) => ({ ...event, metadata: metadata(`c${sequence}`) })),
    revision === undefined ? 'no-stream' : revision,
  );
  return result.position;
}

const league = (events: LeagueEvent[]) => events;
const ended = (standings: [string, number, number][]) => [
  { type: 'GameEnded', data: { reason: 'ROUND_LIMIT', standings: standings.map(([playerId, rank, finalCash]) => ({ playerId, rank, finalCash })) } },
];

describe('identity projection', () => {
  let dir: string;
  let store: InMemoryEventStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'corbeille-identity-'));
    store = new InMemoryEventStore();
  });

  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('catches up, resumes from its checkpoint, and records why standings moved', async () => {
    const registered: AccountEvent = {
      type: 'AccountRegistered',
      data: { accountId: 'ann', email: 'ann@example.com', displayName: 'Ann', passwordHash: 'h', registeredAt: AT },
    };
    await append(store, accountStreamId('ann'), [registered]);
    // The game finished before anyone scheduled it; Ann played under her own account id, before joining.
    await append(store, 'stock-ticker-g1', ended([['ann', 1, 600], ['bob', 2, 400]]));
    await append(
      store,
      leagueStreamId('club'),
      league([
        { type: 'LeagueCreated', data: { leagueId: 'club', name: 'Club', kind: 'league', scoring: [10, 6], createdBy: 'olga', createdAt: AT } },
        { type: 'LeagueMemberAdded', data: { leagueId: 'club', accountId: 'olga', role: 'organiser', addedAt: AT } },
        { type: 'SeasonCreated', data: { leagueId: 'club', seasonId: 's1', name: 'Spring', createdAt: AT } },
        { type: 'TableScheduled', data: { leagueId: 'club', seasonId: 's1', tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', options: {}, scheduledAt: AT } },
      ]),
    );

    const path = join(dir, 'read-models.sqlite');
    const first = new IdentityProjection(store, new IdentityStore(path));
    await first.start();
    expect(first.store.accountByEmail('ann@example.com')?.displayName).toBe('Ann');
    expect(first.store.tableOfGame('stock-ticker', 'g1')).toEqual({ leagueId: 'club', seasonId: 's1', tableId: 't1' });
    const scheduled = first.store.seasonStandings('s1');
    expect(scheduled?.standings.rows.map((row) => [row.participantId, row.points])).toEqual([['guest:ann', 10], ['guest:bob', 6]]);
    expect(scheduled?.history.map((change) => change.reason)).toEqual(['TABLE_SCHEDULED', 'TABLE_SCHEDULED']);
    const checkpoint = first.checkpoint();
    await first.stop();

    const second = new IdentityProjection(store, new IdentityStore(path));
    expect(second.checkpoint()).toBe(checkpoint);
    await second.start();
    // Ann joins: her own account id now counts for her account.
    const joined = await append(store, leagueStreamId('club'), [
      { type: 'LeagueMemberAdded', data: { leagueId: 'club', accountId: 'ann', role: 'player', addedAt: AT } },
    ]);
    await second.waitFor(joined);
    expect(second.store.seasonStandings('s1')?.standings.rows.map((row) => row.participantId)).toEqual(['ann', 'guest:bob']);
    expect(second.store.seasonStandings('s1')?.history.slice(2).map((change) => [change.reason, change.participantId, change.rank])).toEqual([
      ['MEMBERSHIP_CHANGED', 'ann', 1],
      ['MEMBERSHIP_CHANGED', 'guest:ann', null],
    ]);

    // The result is recorded again with Bob ahead.
    const corrected = await append(store, 'stock-ticker-g1', ended([['bob', 1, 700], ['ann', 2, 300]]));
    await second.waitFor(corrected);
    const model = second.store.seasonStandings('s1');
    expect(model?.standings.rows.map((row) => [row.participantId, row.points, row.totalFinalWealth])).toEqual([['guest:bob', 10, 700], ['ann', 6, 300]]);
    expect(model?.history.at(-1)).toMatchObject({ reason: 'RESULT_CORRECTED', gameId: 'g1', position: corrected });
    await second.stop();
  });

  it('keeps notes on trades apart from the league: annotations in order, the latest rationale of each trade', async () => {
    const trade = { gameType: 'bolsa' as const, gameId: 'b1', revision: 9, playerId: 'sam' };
    const note = (annotationId: string, comment: string): LeagueEvent => ({
      type: 'TradeAnnotated',
      data: { leagueId: 'c1', annotationId, tradeId: 'bolsa:b1:9:sam', trade, tableId: 't1', authorId: 'tess', comment, flagged: false, score: null, annotatedAt: AT },
    });
    const rationale = (text: string): LeagueEvent => ({
      type: 'TradeRationaleRecorded',
      data: { leagueId: 'c1', tradeId: 'bolsa:b1:9:sam', trade, tableId: 't1', authorId: 'sam', rationale: text, recordedAt: AT },
    });
    await append(
      store,
      leagueStreamId('c1'),
      league([
        { type: 'LeagueCreated', data: { leagueId: 'c1', name: 'Class', kind: 'class', scoring: [3], createdBy: 'tess', createdAt: AT } },
        { type: 'LeagueMemberAdded', data: { leagueId: 'c1', accountId: 'tess', role: 'organiser', addedAt: AT } },
        note('a1', 'first'),
        rationale('A guess.'),
        note('a2', 'second'),
        note('a1', 'the same id again'),
        rationale('The trend was up.'),
      ]),
    );
    const projection = new IdentityProjection(store, new IdentityStore(':memory:'));
    await projection.start();
    expect(projection.store.annotationsOf('c1').map((annotation) => [annotation.annotationId, annotation.comment])).toEqual([
      ['a1', 'first'],
      ['a2', 'second'],
    ]);
    expect(projection.store.annotationsOf('c1', 'bolsa:b1:9:sam')).toHaveLength(2);
    expect(projection.store.rationalesOf('c1').map((entry) => entry.rationale)).toEqual(['The trend was up.']);
    expect(projection.store.league('c1')?.members).toHaveLength(1);
    await projection.stop();
  });

  it('moves on over game events it ignores without writing, and keeps their position at stop', async () => {
    const path = join(dir, 'read-models.sqlite');
    const projection = new IdentityProjection(store, new IdentityStore(path));
    await projection.start();
    let last = 0;
    for (let move = 0; move < 5; move += 1) last = await append(store, 'stock-ticker-g2', [{ type: 'DiceRolled', data: { move } }]);
    await projection.waitFor(last);
    expect(projection.checkpoint()).toBe(last);
    // Nothing was written for them: the saved checkpoint is still where it was.
    expect(projection.store.checkpoint()).toBe(0);

    const registered = await append(store, accountStreamId('cat'), [
      { type: 'AccountRegistered', data: { accountId: 'cat', email: 'cat@example.com', displayName: 'Cat', passwordHash: 'h', registeredAt: AT } },
    ]);
    await projection.waitFor(registered);
    expect(projection.store.checkpoint()).toBe(registered);
    last = await append(store, 'stock-ticker-g2', [{ type: 'DiceRolled', data: { move: 6 } }]);
    await projection.waitFor(last);
    await projection.stop();

    const restarted = new IdentityProjection(store, new IdentityStore(path));
    expect(restarted.checkpoint()).toBe(last);
    await restarted.start();
    expect(restarted.store.accountByEmail('cat@example.com')?.displayName).toBe('Cat');
    await restarted.stop();
  });

  it('catches up through a log reader to the same read models, reading only accounts, leagues and results', async () => {
    const file = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    try {
      await append(file, accountStreamId('dan'), [
        { type: 'AccountRegistered', data: { accountId: 'dan', email: 'dan@example.com', displayName: 'Dan', passwordHash: 'h', registeredAt: AT } },
      ]);
      await append(file, leagueStreamId('club'), [
        { type: 'LeagueCreated', data: { leagueId: 'club', name: 'Club', kind: 'league', scoring: [10, 6], createdBy: 'dan', createdAt: AT } },
        { type: 'SeasonCreated', data: { leagueId: 'club', seasonId: 's1', name: 'Spring', createdAt: AT } },
        { type: 'TableScheduled', data: { leagueId: 'club', seasonId: 's1', tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', options: {}, scheduledAt: AT } },
      ]);
      for (let move = 0; move < 30; move += 1) await append(file, 'stock-ticker-g1', [{ type: 'DiceRolled', data: { move } }]);
      const last = await append(file, 'stock-ticker-g1', ended([['dan', 1, 900], ['eve', 2, 100]]));

      const read: { filter: LogFilter; events: number }[] = [];
      const reader = new SqliteLogReader({ path: join(dir, 'events.sqlite') });
      const closed = jest.spyOn(reader, 'close');
      const counting = {
        readMatching: (after: number, max: number, filter: LogFilter) => {
          const page = reader.readMatching(after, max, filter);
          read.push({ filter, events: page.events.length });
          return page;
        },
        close: () => reader.close(),
      };
      const viaReader = new IdentityProjection(file, new IdentityStore(join(dir, 'reader.sqlite')), [...GAME_RESULT_EXTRACTORS, correctedGameResults]);
      const viaStore = new IdentityProjection(file, new IdentityStore(join(dir, 'store.sqlite')), [...GAME_RESULT_EXTRACTORS, correctedGameResults]);
      await viaReader.start(counting);
      await viaStore.start();
      expect(closed).toHaveBeenCalled();
      // The account's, the league's and the result's events (and games' named referees); none of the 30 moves.
      expect(read).toEqual([{ filter: { streamPrefixes: ['account-', 'league-', 'game-referees-'], eventTypes: ['GameEnded', 'GameResultCorrected'] }, events: 5 }]);
      expect(viaReader.checkpoint()).toBe(last);
      expect(viaReader.store.checkpoint()).toBe(last);
      for (const projection of [viaReader, viaStore]) {
        expect(projection.store.accountByEmail('dan@example.com')?.displayName).toBe('Dan');
        expect(projection.store.seasonStandings('s1')?.standings.rows.map((row) => [row.participantId, row.points])).toEqual([
          ['guest:dan', 10],
          ['guest:eve', 6],
        ]);
      }
      expect(viaReader.store.seasonStandings('s1')).toEqual(viaStore.store.seasonStandings('s1'));
      // Live from there on, as after any start.
      const registered = await append(file, accountStreamId('fay'), [
        { type: 'AccountRegistered', data: { accountId: 'fay', email: 'fay@example.com', displayName: 'Fay', passwordHash: 'h', registeredAt: AT } },
      ]);
      await viaReader.waitFor(registered);
      expect(viaReader.store.accountByEmail('fay@example.com')?.displayName).toBe('Fay');
      await Promise.all([viaReader.stop(), viaStore.stop()]);
    } finally {
      await file.close();
    }
  });

  it('fails loudly instead of skipping an event it cannot fold', async () => {
    const log = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const projection = new IdentityProjection(store, new IdentityStore(':memory:'), [
      () => {
        throw new Error('broken extractor');
      },
    ]);
    await projection.start();
    const position = await append(store, 'stock-ticker-g9', ended([['x', 1, 1]]));
    await expect(projection.waitFor(position, 1_000)).rejects.toThrow('broken extractor');
    expect(() => projection.checkpoint()).toThrow('broken extractor');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('Identity projection stopped'));
    log.mockRestore();
    await projection.stop();
  });
});
