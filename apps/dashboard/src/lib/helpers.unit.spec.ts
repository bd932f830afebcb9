import { apiGraphQLUrl, publicSubscriptionUrl } from './config';
import { diffStates, flattenJson, stateMoneyUnit } from './disputes';
import { samplePositions, worthAt } from './multi-game';
import { csvRowsReceived, EMPTY_FILTER, exportQuery, filterFromSearchParams, filterSearch, toApiFilter } from './classes';
import { rankSeries, rankTimeline } from './leagues';
import { roundText } from './game-text';
import { ApiError, bodyRejectsCredential, createRequester, isNotFoundError, isRejectedCredential } from './graphql';
import { snapshotNetWorth } from './net-worth';
import { directionOf, lastMove } from './prices';
import type { LeagueGame } from './queries';
import { clampIndex, indexAtOrBefore, nextRoundIndex, parsePosition, previousRoundIndex } from './replay-navigation';
import { computeStandings, groupByLeague } from './standings';
import { netWorthPoints, timelineMarks } from './timeline';
import type { GameSnapshot } from './types';

function game(id: string, phase: LeagueGame['phase'], winners: string[], worths: Record<string, number>, league: string | null = 'L'): LeagueGame {
  return {
    id,
    phase,
    players: [],
    brokerId: null,
    round: 0,
    roundLimit: 10,
    createdAt: '',
    updatedAt: '',
    eventCount: 1,
    lastPosition: 1,
    winners,
    league,
    portfolios: Object.entries(worths).map(([playerId, netWorth]) => ({ playerId, name: playerId.toUpperCase(), netWorth })),
  };
}

describe('league standings', () => {
  it('counts finished games only: wins, games played, average final net worth', () => {
    const standings = computeStandings([
      game('g1', 'FINISHED', ['a', 'c'], { a: 640_000, b: 620_000, c: 640_000 }),
      game('g2', 'FINISHED', ['b'], { a: 500_001, b: 900_000 }),
      game('g3', 'TRADING', [], { a: 1, b: 1, c: 1 }),
    ]);
    expect(standings).toEqual([
      { playerId: 'b', name: 'B', played: 2, wins: 1, averageFinalNetWorth: 760_000 },
      { playerId: 'c', name: 'C', played: 1, wins: 1, averageFinalNetWorth: 640_000 },
      { playerId: 'a', name: 'A', played: 2, wins: 1, averageFinalNetWorth: 570_001 },
    ]);
  });

  it('groups by league, unlabelled games last', () => {
    const leagues = groupByLeague([game('x', 'FINISHED', [], {}, null), game('y', 'LOBBY', [], {}, 'Club')]);
    expect(leagues.map((league) => [league.name, league.games.length, league.finishedGames])).toEqual([
      ['Club', 1, 0],
      [null, 1, 1],
    ]);
  });
});

describe('replay navigation', () => {
  const positions = [5, 6, 9, 12, 20];
  it('finds the event at or before a position', () => {
    expect(indexAtOrBefore(positions, 9)).toBe(2);
    expect(indexAtOrBefore(positions, 10)).toBe(2);
    expect(indexAtOrBefore(positions, 1)).toBe(0);
    expect(indexAtOrBefore(positions, 99)).toBe(4);
    expect(indexAtOrBefore([], 3)).toBe(0);
  });

  it('jumps between round ends', () => {
    const types = ['GameCreated', 'DiceRolled', 'RoundCompleted', 'DiceRolled', 'RoundCompleted', 'GameEnded'];
    expect(nextRoundIndex(types, 0)).toBe(2);
    expect(nextRoundIndex(types, 2)).toBe(4);
    expect(nextRoundIndex(types, 4)).toBe(5);
    expect(previousRoundIndex(types, 5)).toBe(4);
    expect(previousRoundIndex(types, 4)).toBe(2);
    expect(previousRoundIndex(types, 2)).toBe(0);
  });

  it('parses and clamps', () => {
    expect(parsePosition('42')).toBe(42);
    expect(parsePosition(['7', '8'])).toBe(7);
    expect(parsePosition('-1')).toBeNull();
    expect(parsePosition('1e3')).toBeNull();
    expect(parsePosition(undefined)).toBeNull();
    expect(clampIndex(-3, 5)).toBe(0);
    expect(clampIndex(9, 5)).toBe(4);
  });
});

describe('prices and net worth', () => {
  const history = [
    { position: 5, revision: 4, round: 0, price: 100 },
    { position: 30, revision: 29, round: 1, price: 110 },
    { position: 50, revision: 49, round: 2, price: 95 },
  ];

  it('reads the last move at a position', () => {
    expect(lastMove(history).change).toBe(-15);
    expect(lastMove(history, 40)).toMatchObject({ change: 10, current: { price: 110 }, previous: { price: 100 } });
    expect(lastMove(history, 10)).toMatchObject({ change: 0, current: { price: 100 }, previous: undefined });
    expect(directionOf(-15)).toBe('down');
    expect(directionOf(0)).toBe('flat');
  });

  it('takes net worth from the API snapshot (the loan and its charge already deducted there)', () => {
    const holdings = [{ stock: 'GOLD' as const, shares: 1000, value: 110_000 }];
    expect(snapshotNetWorth({ playerId: 'a', name: 'A', cash: 5000, holdings, loan: 100_000, netWorth: -35_000 })).toBe(-35_000);
    expect(snapshotNetWorth({ playerId: 'a', name: 'A', cash: null, holdings: [], loan: null, netWorth: null })).toBeNull();
  });

  it('builds timeline marks and net-worth points', () => {
    const marks = timelineMarks([
      { position: 10, revision: 9, type: 'OpeningClosed', data: {} },
      { position: 11, revision: 10, type: 'DiceRolled', data: {} },
      { position: 20, revision: 19, type: 'RoundCompleted', data: { round: 1 } },
      { position: 21, revision: 20, type: 'GameEnded', data: {} },
    ]);
    expect(marks.map((mark) => [mark.kind, mark.round, mark.position])).toEqual([
      ['start', 0, 10],
      ['round', 1, 20],
      ['end', 1, 21],
    ]);
    const snapshot = (cash: number): GameSnapshot => ({
      position: 0,
      revision: 0,
      phase: 'ROLLING',
      round: 1,
      prices: [],
      players: [{ playerId: 'a', name: 'A', cash, holdings: [], loan: 0, netWorth: cash }],
      standings: [],
      winners: [],
      endReason: null,
    });
    const points = netWorthPoints(marks, [snapshot(1), null, snapshot(3)]);
    expect(points.map((point) => [point.mark.label, point.values['a']])).toEqual([
      ['Start', 1],
      ['End', 3],
    ]);
  });
});

describe('API access', () => {
  it('reads the API location from the environment', () => {
    expect(apiGraphQLUrl({})).toBe('http://localhost:4000/graphql');
    expect(apiGraphQLUrl({ API_URL: 'http://api:4000/' })).toBe('http://api:4000/graphql');
    expect(apiGraphQLUrl({ API_URL: 'http://api:4000/graphql' })).toBe('http://api:4000/graphql');
    expect(publicSubscriptionUrl({ API_URL: 'http://api:4000' })).toBe('ws://api:4000/graphql');
    expect(publicSubscriptionUrl({ API_URL: 'http://api:4000', PUBLIC_API_URL: 'https://corbeille.example/' })).toBe(
      'wss://corbeille.example/graphql',
    );
  });

  function respond(status: number, body: unknown): typeof fetch {
    return async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }

  it('returns data and raises GraphQL errors with their code', async () => {
    await expect(createRequester('http://x', { fetchImpl: respond(200, { data: { ok: 1 } }) })('{ ok }')).resolves.toEqual({ ok: 1 });
    const failing = createRequester('http://x', {
      fetchImpl: respond(200, {
        errors: [{ message: 'Invalid input: id', extensions: { code: 'BAD_USER_INPUT', fields: [{ field: 'id', messages: ['bad'] }] } }],
        data: { game: null },
      }),
    });
    const error: unknown = await failing('{ game }').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(isNotFoundError(error)).toBe(true);
  });

  it('reports an unreachable API', async () => {
    const down = createRequester('http://x', {
      fetchImpl: async () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down('{ ok }')).rejects.toMatchObject({ kind: 'unavailable', code: 'API_UNAVAILABLE' });
    const gateway = createRequester('http://x', { fetchImpl: respond(502, { nothing: true }) });
    await expect(gateway('{ ok }')).rejects.toMatchObject({ kind: 'unavailable', status: 502 });
  });
});

describe('round text', () => {
  it.each([
    [{ phase: 'TRADING' as const, round: 6, roundLimit: 30 }, '6 of 30'],
    [{ phase: 'ROLLING' as const, round: 3, roundLimit: null }, '3'],
    [{ phase: 'FINISHED' as const, round: 10, roundLimit: 10 }, '10 of 10, over'],
    [{ phase: 'FINISHED' as const, round: 0, roundLimit: 10 }, 'over (limit 10)'],
    [{ phase: 'LOBBY' as const, round: 0, roundLimit: 30 }, 'not started (30 rounds)'],
    [{ phase: 'OPENING' as const, round: 0, roundLimit: null }, 'not started'],
  ])('%j reads "%s"', (game, text) => {
    expect(roundText(game)).toBe(text);
  });
});

describe('disputes: comparing two states', () => {
  it('flattens JSON to paths and lists only what changed', () => {
    const before = { phase: 'rolling', prices: { GOLD: 100, TECH: 95 }, seats: [{ playerId: 'a' }], portfolios: { a: { cash: 500 } } };
    const after = { phase: 'rolling', prices: { GOLD: 105, TECH: 95 }, seats: [{ playerId: 'a' }, { playerId: 'b' }], portfolios: { a: { cash: 500 } }, dice: null };
    expect(flattenJson(before).get('prices.GOLD')).toBe(100);
    expect(flattenJson(before).get('seats.0.playerId')).toBe('a');
    expect(diffStates(before, after)).toEqual([
      { path: 'prices.GOLD', before: 100, after: 105 },
      { path: 'seats.1.playerId', before: undefined, after: 'b' },
      { path: 'dice', before: undefined, after: null },
    ]);
    expect(diffStates(after, after)).toEqual([]);
  });

  it('names the unit of each game’s money in states', () => {
    expect(stateMoneyUnit('stock-ticker')).toBe('cents');
    expect(stateMoneyUnit('STOCK_TICKER')).toBe('cents');
    expect(stateMoneyUnit('bolsa')).toBe('euros');
    expect(stateMoneyUnit('maxi-bourse')).toBe('dollars');
  });
});

describe('BOLSA and Maxi Bourse worth over time', () => {
  it('samples evenly, first and last included', () => {
    expect(samplePositions([1, 2, 3], 16)).toEqual([1, 2, 3]);
    expect(samplePositions([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 4)).toEqual([10, 40, 70, 100]);
  });

  it('values cash plus shares at that moment, unknown when the shares are hidden', () => {
    const snapshot = {
      position: 7,
      revision: 3,
      phase: 'PLANNING',
      progress: 'month 1',
      prices: [
        { company: 'CEREAL', price: 3000 },
        { company: 'PHONE', price: 2600 },
      ],
      players: [
        { playerId: 'hugo', name: 'Hugo', cash: 10_000, holdings: [{ company: 'CEREAL', shares: 2 }, { company: 'PHONE', shares: 1 }], notes: [] },
        { playerId: 'ines', name: 'Ines', cash: 20_000, holdings: null, notes: [] },
      ],
    };
    expect(worthAt(snapshot)).toEqual({ hugo: 10_000 + 2 * 3000 + 2600, ines: null });
  });
});

describe('teacher audit filters and the CSV export', () => {
  const filter = filterFromSearchParams({ student: 'demo-kenza', company: ' BIOTECH ', game: '', from: '2026-12-14', to: ['2026-12-21', 'x'] });

  it('reads the filters from the URL and sends the API whole UTC days', () => {
    expect(filter).toEqual({ student: 'demo-kenza', company: 'BIOTECH', game: '', from: '2026-12-14', to: '2026-12-21' });
    expect(toApiFilter(filter)).toEqual({
      studentId: 'demo-kenza',
      company: 'BIOTECH',
      from: '2026-12-14T00:00:00.000Z',
      to: '2026-12-21T23:59:59.999Z',
    });
    expect(toApiFilter(EMPTY_FILTER)).toEqual({});
  });

  it('asks the REST export for the same trades', () => {
    expect(exportQuery(filter)).toBe('?student=demo-kenza&company=BIOTECH&from=2026-12-14T00%3A00%3A00.000Z&to=2026-12-21T23%3A59%3A59.999Z');
    expect(exportQuery(EMPTY_FILTER)).toBe('');
    expect(filterSearch(filter, { after: 'abc' })).toBe('?student=demo-kenza&company=BIOTECH&from=2026-12-14&to=2026-12-21&after=abc');
  });

  it('counts the rows received so far, quoted line breaks included', () => {
    const csv = 'a,b\n1,"two\nlines"\n3,4';
    expect(csvRowsReceived('a,b')).toBe(0);
    expect(csvRowsReceived(csv)).toBe(1);
    expect(csvRowsReceived(csv, true)).toBe(2);
    expect(csvRowsReceived(`${csv}\n`, true)).toBe(2);
  });
});

describe('league rank history', () => {
  const change = (position: number, rank: number | null) => ({ position, at: '', gameId: null, rank, rankBefore: null, rating: null, points: 0, reason: 'GAME_RESULT' });
  const standing = (participantId: string, history: ReturnType<typeof change>[]) => ({
    participantId,
    displayName: participantId,
    kind: 'ACCOUNT',
    rank: 1,
    points: 0,
    rating: 1500,
    wins: 0,
    gamesPlayed: 0,
    averageFinalWealth: 0,
    history,
  });

  it('lines every participant up on the season’s results, in log order', () => {
    const standings = [standing('a', [change(30, 1), change(10, 2)]), standing('b', [change(20, 1), change(30, 2)])];
    const timeline = rankTimeline(standings);
    expect(timeline).toEqual([10, 20, 30]);
    expect(rankSeries(standings[0] as (typeof standings)[number], timeline)).toEqual([
      { x: 1, rank: 2 },
      { x: 3, rank: 1 },
    ]);
    expect(rankSeries(standing('c', [change(20, null)]), timeline)).toEqual([]);
  });
});

describe('a session the API no longer accepts', () => {
  const rejected = { message: 'This token is not valid', extensions: { code: 'UNAUTHENTICATED', domainCode: 'INVALID_TOKEN' } };
  it('is told apart from other refusals', () => {
    expect(isRejectedCredential(new ApiError('x', 'graphql', 'UNAUTHENTICATED', 200, [rejected]))).toBe(true);
    expect(isRejectedCredential(new ApiError('x', 'graphql', 'UNAUTHENTICATED', 200, [{ message: 'Sign in', extensions: { code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' } }]))).toBe(false);
    expect(isRejectedCredential(new ApiError('x', 'graphql', 'FORBIDDEN', 200, []))).toBe(false);
    expect(bodyRejectsCredential(JSON.stringify({ errors: [rejected], data: null }))).toBe(true);
    expect(bodyRejectsCredential(JSON.stringify({ data: { me: null } }))).toBe(false);
    expect(bodyRejectsCredential('not json')).toBe(false);
  });
});
