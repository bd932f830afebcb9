import { deciderSpecification } from '@corbeille/kernel/testing';
import { leagueDecider } from '../league/league.decider';
import type { LeagueEvent, TradeRef } from '../league/league.types';
import { parseTradeId, tradeIdOf } from './trade-notes';

const spec = deciderSpecification(leagueDecider);
const NOW = '2026-01-01T00:00:00.000Z';

const classEvents: LeagueEvent[] = [
  { type: 'LeagueCreated', data: { leagueId: 'c4b', name: 'Class 4B', kind: 'class', scoring: [3, 2, 1], createdBy: 'tess', createdAt: NOW } },
  { type: 'LeagueMemberAdded', data: { leagueId: 'c4b', accountId: 'tess', role: 'organiser', addedAt: NOW } },
  { type: 'LeagueMemberAdded', data: { leagueId: 'c4b', accountId: 'sam', role: 'player', addedAt: NOW } },
  { type: 'LeagueMemberAdded', data: { leagueId: 'c4b', accountId: 'kim', role: 'player', addedAt: NOW } },
  { type: 'LeagueMemberAdded', data: { leagueId: 'c4b', accountId: 'vic', role: 'spectator', addedAt: NOW } },
  { type: 'SeasonCreated', data: { leagueId: 'c4b', seasonId: 'term', name: 'Term 1', createdAt: NOW } },
  { type: 'TableScheduled', data: { leagueId: 'c4b', seasonId: 'term', tableId: 't1', gameType: 'bolsa', gameId: 'b1', options: {}, scheduledAt: NOW } },
  {
    type: 'PlayerSeated',
    data: { leagueId: 'c4b', seasonId: 'term', tableId: 't1', playerId: 'p-sam', seat: { kind: 'account', accountId: 'sam' }, previous: null, seatedAt: NOW },
  },
];
const samsTrade: TradeRef = { gameType: 'bolsa', gameId: 'b1', revision: 42, playerId: 'p-sam' };

describe('trade ids', () => {
  it('name the game, the event revision and the seat, and read back', () => {
    expect(tradeIdOf(samsTrade)).toBe('bolsa:b1:42:p-sam');
    expect(parseTradeId('bolsa:b1:42:p-sam')).toEqual(samsTrade);
  });

  it.each(['bolsa:b1:42', 'chess:b1:1:p', 'bolsa:b 1:1:p', 'bolsa:b1:-1:p', 'bolsa:b1:01:p', 'bolsa:b1:1.5:p', ''])('refuse %p', (id) => {
    expect(parseTradeId(id)).toBeUndefined();
  });
});

describe('notes on trades', () => {
  it('let a teacher annotate a trade of a class table with a comment, a flag and a score', () => {
    spec
      .given(classEvents)
      .when({ type: 'AnnotateTrade', data: { actorId: 'tess', annotationId: 'a1', trade: samsTrade, comment: '  Bought at the top \n of the trend. ', flagged: true, score: 4 } })
      .then([
        {
          type: 'TradeAnnotated',
          data: {
            leagueId: 'c4b',
            annotationId: 'a1',
            tradeId: 'bolsa:b1:42:p-sam',
            trade: samsTrade,
            tableId: 't1',
            authorId: 'tess',
            comment: 'Bought at the top \n of the trend.',
            flagged: true,
            score: 4,
            annotatedAt: NOW,
          },
        },
      ]);
  });

  it('refuse annotations from students, empty ones, scores off the rubric, and trades of other games', () => {
    const annotate = (actorId: string, extra: Record<string, unknown>, trade: TradeRef = samsTrade) =>
      spec.given(classEvents).when({ type: 'AnnotateTrade', data: { actorId, annotationId: 'a1', trade, ...extra } });
    annotate('sam', { comment: 'mine' }).thenThrows({ kind: 'FORBIDDEN', code: 'NOT_AN_ORGANISER' });
    annotate('tess', { comment: '   ' }).thenThrows({ kind: 'INVALID_INPUT', code: 'EMPTY_ANNOTATION' });
    annotate('tess', { score: 11 }).thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_SCORE' });
    annotate('tess', { score: 2.5 }).thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_SCORE' });
    annotate('tess', { comment: 'x'.repeat(2001) }).thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_COMMENT' });
    annotate('tess', { flagged: true }, { ...samsTrade, gameId: 'elsewhere' }).thenThrows({ kind: 'NOT_FOUND', code: 'TRADE_NOT_IN_LEAGUE' });
    annotate('tess', { flagged: true }, { ...samsTrade, revision: -1 }).thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_TRADE' });
  });

  it("let a student write the rationale of their own trade, and only theirs", () => {
    const rationale = (actorId: string, trade: TradeRef, text = 'The trend cubes were green.') =>
      spec.given(classEvents).when({ type: 'RecordTradeRationale', data: { actorId, trade, rationale: text } });
    rationale('sam', samsTrade).then([
      {
        type: 'TradeRationaleRecorded',
        data: {
          leagueId: 'c4b',
          tradeId: 'bolsa:b1:42:p-sam',
          trade: samsTrade,
          tableId: 't1',
          authorId: 'sam',
          rationale: 'The trend cubes were green.',
          recordedAt: NOW,
        },
      },
    ]);
    // Kim joined the game herself, under her account id: that seat is hers.
    rationale('kim', { ...samsTrade, playerId: 'kim' }).then((events) => expect(events).toHaveLength(1));
    rationale('kim', samsTrade).thenThrows({ kind: 'FORBIDDEN', code: 'NOT_YOUR_TRADE' });
    rationale('tess', samsTrade).thenThrows({ kind: 'FORBIDDEN', code: 'NOT_YOUR_TRADE' });
    rationale('stranger', samsTrade).thenThrows({ kind: 'FORBIDDEN', code: 'NOT_A_MEMBER' });
    rationale('sam', samsTrade, ' ').thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_RATIONALE' });
    rationale('sam', samsTrade, 'x'.repeat(501)).thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_RATIONALE' });
  });

  it('leave the league as it was', () => {
    const before = classEvents.reduce(leagueDecider.evolve, leagueDecider.initialState());
    const annotated = leagueDecider.evolve(before, {
      type: 'TradeAnnotated',
      data: { leagueId: 'c4b', annotationId: 'a1', tradeId: 'x', trade: samsTrade, tableId: 't1', authorId: 'tess', comment: null, flagged: true, score: null, annotatedAt: NOW },
    });
    expect(annotated).toBe(before);
  });
});
