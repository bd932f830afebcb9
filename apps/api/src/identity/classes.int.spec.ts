import request from 'supertest';
import type { RecordedEvent } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import type { MaxiBourseEvent } from '@corbeille/maxi-bourse';
import { BolsaDriver } from '../testing/bolsa-driver';
import type { BolsaLegalActionView, MarkerInput } from '../testing/bolsa-operations';
import { chooseBotMove } from '../testing/bolsa-bot';
import { BUY_SHARES, CREATE_GAME, FINISH_TRADING, JOIN_GAME, ROLL_DICE, SELL_SHARES, START_GAME } from '../testing/operations';
import { TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';
import { bearer, dataAs, errorOf, gqlAs, signUp, type SignedUp } from './testing/identity-client';
import { ADD_MEMBER, CREATE_LEAGUE, CREATE_SEASON, LEAGUE, SCHEDULE_TABLE, SEAT_PLAYER, type LeagueView, type TableView } from './testing/league-operations';
import { carelessFineEvents, premiumSaleEvents } from './testing/maxi-bourse-scenarios';

const TRADE_FIELDS = `id classId seasonId tableId gameType gameId eventId eventType position revision occurredAt round playerId participantId participantKind
  studentId studentName type company shares price amount marketPrice deviationPercent cashBefore cashAfter sharesBefore sharesAfter counterparty via flags
  rationale { tradeId authorId authorName rationale recordedAt }
  annotations { id tradeId authorId authorName comment flagged score annotatedAt }`;
const CLASS_TRADES = `query Trades($classId: ID!, $filter: ClassTradeFilter, $first: Int, $after: String) {
  classTrades(classId: $classId, filter: $filter, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { ${TRADE_FIELDS} } }
  }
}`;
const CLASS_TRADES_EXPORT = `query Export($classId: ID!, $filter: ClassTradeFilter) { classTradesExport(classId: $classId, filter: $filter) { classId filename contentType content } }`;
const CLASS_FLAGS = `query Flags($classId: ID!) {
  classFlags(classId: $classId) { id kind seats { gameType gameId playerId participantId studentId studentName } tradeIds positions month deviationPercent count message }
}`;
const ANNOTATE = `mutation Annotate($input: AnnotateTradeInput!) {
  annotateTrade(input: $input) { id classId tradeId gameType gameId playerId authorId authorName comment flagged score annotatedAt position }
}`;
const RATIONALE = `mutation Rationale($input: RecordTradeRationaleInput!) {
  recordTradeRationale(input: $input) { classId tradeId gameType gameId playerId authorId authorName rationale recordedAt }
}`;
const ANNOTATIONS = `query Annotations($classId: ID!, $tradeId: ID, $studentId: ID) {
  tradeAnnotations(classId: $classId, tradeId: $tradeId, studentId: $studentId) { totalCount edges { node { id tradeId comment flagged score authorName } } }
}`;
const JOURNAL = `query Journal($classId: ID!, $studentId: ID) {
  tradeJournal(classId: $classId, studentId: $studentId) { totalCount edges { node { tradeId authorId rationale } } }
}`;
const NOTES_EXPORT = `query Notes($classId: ID!) { classNotesExport(classId: $classId) { filename contentType content } }`;

interface ClassTrade {
  id: string;
  gameType: string;
  gameId: string;
  eventId: string;
  eventType: string;
  position: number;
  revision: number;
  occurredAt: string;
  round: number | null;
  playerId: string;
  studentId: string | null;
  studentName: string;
  type: 'BUY' | 'SELL';
  company: string;
  shares: number;
  price: number;
  amount: number;
  marketPrice: number;
  cashBefore: number;
  cashAfter: number;
  sharesBefore: number;
  sharesAfter: number;
  counterparty: string;
  via: string | null;
  flags: string[];
  rationale: { rationale: string; authorId: string } | null;
  annotations: { id: string; comment: string | null; flagged: boolean; score: number | null; authorName: string }[];
}

interface TradesPage {
  classTrades: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { cursor: string; node: ClassTrade }[] };
}

interface Flag {
  id: string;
  kind: string;
  seats: { gameId: string; playerId: string; studentId: string | null; studentName: string }[];
  tradeIds: string[];
  month: number | null;
  deviationPercent: number | null;
  count: number;
  message: string;
}

/** RFC 4180 with CRLF lines: quoted fields may hold commas, quotes and line breaks. */
function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else cell += char;
  }
  const [header, ...body] = rows;
  return body.map((cells) => Object.fromEntries((header ?? []).map((name, column) => [name, cells[column] ?? ''])));
}

const TRADE_EVENTS: Readonly<Record<string, readonly string[]>> = {
  'stock-ticker': ['SharesBought', 'SharesSold'],
  bolsa: ['SharesBought', 'SharesSold'],
  'maxi-bourse': ['SharesPaid'],
};

describe('classes: the trade audit, flags, annotations and the trade journal', () => {
  let api: TestApp;
  const people = new Map<string, SignedUp>();
  let classId: string;
  let seasonId: string;
  const person = (name: string): SignedUp => {
    const found = people.get(name);
    if (!found) throw new Error(`no account ${name}`);
    return found;
  };
  const token = (name: string) => person(name).token;
  const as = <Data>(name: string | undefined, query: string, variables: Readonly<Record<string, unknown>> = {}) =>
    dataAs<Data>(api, name === undefined ? undefined : token(name), query, variables);
  const trades = async (name: string, filter: Record<string, unknown> = {}, first = 100) =>
    (await as<TradesPage>(name, CLASS_TRADES, { classId, filter, first })).classTrades;
  const standings = async () => {
    const { league } = await as<LeagueView>('tess', LEAGUE, { id: classId });
    return league?.seasons[0];
  };
  const streamOf = async (gameType: string, gameId: string) => api.eventStore.readStream(`${gameType}-${gameId}`);

  beforeAll(async () => {
    api = await startTestApp({ random: seededRandom(7) });
    for (const name of ['Tess', 'Sam', 'Kim', 'Lou', 'Max', 'Vic', 'Eve']) people.set(name.toLowerCase(), await signUp(api, name));
    classId = (await as<{ createLeague: { id: string } }>('tess', CREATE_LEAGUE, { input: { name: 'Class 4B', kind: 'CLASS', scoring: [3, 2, 1] } })).createLeague.id;
    for (const name of ['sam', 'kim', 'lou', 'max']) await as('tess', ADD_MEMBER, { input: { leagueId: classId, accountId: person(name).accountId, role: 'PLAYER' } });
    await as('tess', ADD_MEMBER, { input: { leagueId: classId, accountId: person('vic').accountId, role: 'SPECTATOR' } });
    seasonId = (await as<{ createSeason: { id: string } }>('tess', CREATE_SEASON, { input: { leagueId: classId, name: 'Term 1' } })).createSeason.id;
    const schedule = async (gameType: string, gameId: string, seats: Record<string, string | null>) => {
      const table = (await as<{ scheduleTable: TableView }>('tess', SCHEDULE_TABLE, { input: { seasonId, gameType, gameId } })).scheduleTable;
      for (const [playerId, name] of Object.entries(seats)) {
        const seat = name === null ? { bot: { strategy: 'greedy' } } : { accountId: person(name).accountId };
        await as('tess', SEAT_PLAYER, { input: { tableId: table.id, playerId, ...seat } });
      }
    };
    await schedule('STOCK_TICKER', 'st-1', { 'p-sam': 'sam', 'p-kim': 'kim', robo: null });
    await schedule('BOLSA', 'bo-1', { sam: 'sam', kim: 'kim', lou: 'lou', max: 'max' });
    await schedule('MAXI_BOURSE', 'mx-1', { ann: 'sam', bob: 'kim' });
    await schedule('MAXI_BOURSE', 'mx-2', { ann: 'lou', bob: 'max' });
    await schedule('MAXI_BOURSE', 'mx-3', { ann: 'lou', bob: 'max' });
  });

  afterAll(async () => {
    await api.close();
  });

  it('update the standings when a Stock Ticker table ends, played by the students over GraphQL', async () => {
    const game = { gameId: 'st-1' };
    const move = (name: string, query: string, input: Record<string, unknown> = {}) => as(name, query, { input: { ...game, ...input } });
    await move('tess', CREATE_GAME, { options: { roundLimit: 2, tradingWindowEvery: 1 }, league: classId });
    await move('sam', JOIN_GAME, { playerId: 'p-sam', name: 'Sam' });
    await move('kim', JOIN_GAME, { playerId: 'p-kim', name: 'Kim' });
    await move('tess', JOIN_GAME, { playerId: 'robo', name: 'Robo' });
    await move('tess', START_GAME);
    await move('sam', BUY_SHARES, { playerId: 'p-sam', stock: 'GOLD', shares: 1000 });
    await move('kim', BUY_SHARES, { playerId: 'p-kim', stock: 'TECH', shares: 2000 });
    await move('tess', BUY_SHARES, { playerId: 'robo', stock: 'OIL', shares: 500 });
    // A student may not move for another seat.
    expect(errorOf(await gqlAs(api, token('kim'), BUY_SHARES, { input: { ...game, playerId: 'p-sam', stock: 'GOLD', shares: 500 } }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_YOUR_SEAT',
    });
    for (const [name, playerId] of [['sam', 'p-sam'], ['kim', 'p-kim'], ['tess', 'robo']] as const) await move(name, FINISH_TRADING, { playerId });
    for (const [name, playerId] of [['sam', 'p-sam'], ['kim', 'p-kim'], ['tess', 'robo']] as const) await move(name, ROLL_DICE, { playerId });
    api.clock.advance(10);
    await move('sam', SELL_SHARES, { playerId: 'p-sam', stock: 'GOLD', shares: 500 });
    await move('kim', BUY_SHARES, { playerId: 'p-kim', stock: 'GOLD', shares: 500 });
    for (const [name, playerId] of [['sam', 'p-sam'], ['kim', 'p-kim'], ['tess', 'robo']] as const) await move(name, FINISH_TRADING, { playerId });
    await move('sam', ROLL_DICE, { playerId: 'p-sam' });
    await move('kim', ROLL_DICE, { playerId: 'p-kim' });
    expect((await standings())?.standings).toEqual([]);
    await move('tess', ROLL_DICE, { playerId: 'robo' });

    const ended = (await streamOf('stock-ticker', 'st-1')).find((event) => event.type === 'GameEnded');
    const finalCash = (ended?.data as { standings: { playerId: string; rank: number; finalCash: number }[] }).standings;
    const season = await standings();
    expect(season?.tables.find((table) => table.gameId === 'st-1')?.result?.standings).toEqual(
      finalCash.map(({ playerId, rank, finalCash: cash }) => ({ playerId, rank, finalWealth: cash })),
    );
    expect(season?.standings.map((row) => [row.displayName, row.gamesPlayed, row.totalFinalWealth])).toEqual(
      expect.arrayContaining([
        ['Sam', 1, finalCash.find((entry) => entry.playerId === 'p-sam')?.finalCash],
        ['Kim', 1, finalCash.find((entry) => entry.playerId === 'p-kim')?.finalCash],
        ['robo', 1, finalCash.find((entry) => entry.playerId === 'robo')?.finalCash],
      ]),
    );
  });

  it('update the standings when a BOLSA table ends, in cents; students hand in mirrored and identical plans', async () => {
    api.clock.advance(60);
    const headers = (name: string) => bearer(token(name === TEST_REFEREE ? 'tess' : name));
    const driver = new BolsaDriver(api, 'bo-1', headers);
    await driver.create({ lastMonth: 3 }, { league: classId });
    for (const playerId of ['sam', 'kim', 'lou', 'max']) await driver.join(playerId);
    await driver.start();

    const planAction = async (playerId: string) => {
      const [action] = await driver.legalActions(playerId);
      if (action?.type !== 'SUBMIT_PLAN') throw new Error(`${playerId} cannot plan`);
      return action;
    };
    const [samActs, kimActs, louActs, maxActs] = await Promise.all(['sam', 'kim', 'lou', 'max'].map(planAction)) as [
      BolsaLegalActionView,
      BolsaLegalActionView,
      BolsaLegalActionView,
      BolsaLegalActionView,
    ];
    // Sam sells what Kim buys and buys what Kim sells.
    const pair = samActs.sellable
      .flatMap(({ company: x }) => kimActs.sellable.map(({ company: y }) => [x, y] as const))
      .find(([x, y]) => x !== y && kimActs.buyable.includes(x) && samActs.buyable.includes(y));
    if (!pair) throw new Error('no mirrored plan is possible with this deal');
    const [x, y] = pair;
    await driver.plan('sam', [{ action: 'SELL', company: x }, { action: 'BUY', company: y }]);
    await driver.plan('kim', [{ action: 'BUY', company: x }, { action: 'SELL', company: y }]);
    const same = louActs.buyable.find((company) => maxActs.buyable.includes(company));
    const identical: MarkerInput[] = [{ action: 'BUY', company: same ?? '' }, { action: 'BUY', company: same ?? '' }];
    await driver.plan('lou', identical);
    await driver.plan('max', identical);

    const random = seededRandom(3);
    for (let guard = 0; guard < 200; guard += 1) {
      const status = await driver.status(TEST_REFEREE);
      if (status.phase === 'FINISHED') break;
      for (const playerId of status.currentMonth?.awaiting ?? []) {
        const [action] = await driver.legalActions(playerId);
        const botMove = action ? chooseBotMove(action, random) : undefined;
        if (!botMove) throw new Error(`${playerId} is awaited but has nothing to do`);
        if (botMove.kind === 'plan') await driver.plan(playerId, botMove.markers);
        else await driver.choose(playerId, botMove.cardId);
      }
    }
    const ended = (await streamOf('bolsa', 'bo-1')).find((event) => event.type === 'GameEnded');
    const final = (ended?.data as { standings: { playerId: string; rank: number; cash: number }[] }).standings;
    expect(final).toHaveLength(4);
    const season = await standings();
    expect(season?.tables.find((table) => table.gameId === 'bo-1')?.result?.standings).toEqual(
      final.map(({ playerId, rank, cash }) => ({ playerId, rank, finalWealth: cash * 100 })),
    );
    expect(season?.results.map((result) => result.gameId)).toEqual(['st-1', 'bo-1']);
    expect(season?.standings.find((row) => row.displayName === 'Lou')).toMatchObject({ gamesPlayed: 1, totalFinalWealth: (final.find((entry) => entry.playerId === 'lou')?.cash ?? 0) * 100 });
    expect(season?.standings.find((row) => row.displayName === 'Sam')?.gamesPlayed).toBe(2);
  });

  it("list every trade of the class's games, each matching its event in the log", async () => {
    // Maxi Bourse tables, played with its engine and recorded as the command handler records them.
    const record = async (gameId: string, events: readonly MaxiBourseEvent[]) => {
      const at = api.clock();
      await api.eventStore.appendToStream(
        `maxi-bourse-${gameId}`,
        events.map((event, index) => ({ ...event, metadata: { commandId: `${gameId}-${index}`, actor: 'referee', correlationId: gameId, causationId: gameId, occurredAt: at, league: classId } })),
        'no-stream',
      );
    };
    api.clock.advance(60);
    await record('mx-1', premiumSaleEvents('mx-1'));
    await record('mx-2', carelessFineEvents('mx-2'));
    await record('mx-3', carelessFineEvents('mx-3'));

    const all = await trades('tess');
    const log = new Map<string, RecordedEvent[]>();
    for (const [gameType, gameId] of [['stock-ticker', 'st-1'], ['bolsa', 'bo-1'], ['maxi-bourse', 'mx-1'], ['maxi-bourse', 'mx-2'], ['maxi-bourse', 'mx-3']] as const) {
      log.set(gameId, await streamOf(gameType, gameId));
    }
    const tradeEvents = [...log.entries()].flatMap(([gameId, events]) => {
      const gameType = gameId.startsWith('st') ? 'stock-ticker' : gameId.startsWith('bo') ? 'bolsa' : 'maxi-bourse';
      return events.filter((event) => TRADE_EVENTS[gameType]?.includes(event.type));
    });
    // One row per trade event, and both sides of the sale between two Maxi Bourse players.
    expect(all.totalCount).toBe(tradeEvents.length + 1);
    const positions = all.edges.map((edge) => edge.node.position);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);

    const { classTradesExport } = await as<{ classTradesExport: { filename: string; contentType: string; content: string } }>('tess', CLASS_TRADES_EXPORT, { classId });
    expect(classTradesExport).toMatchObject({ filename: 'class-4b-trades.csv', contentType: 'text/csv; charset=utf-8' });
    const rows = parseCsv(classTradesExport.content);
    expect(rows).toHaveLength(all.totalCount);
    const startingCash = new Map<string, number>();
    for (const row of rows) {
      const event = log.get(row['game_id'] ?? '')?.find((candidate) => candidate.revision === Number(row['revision']));
      if (!event) throw new Error(`no event for ${row['trade_id']}`);
      expect(Number(row['log_position'])).toBe(event.position);
      expect(row['trade_id']).toBe(`${row['game_type']}:${row['game_id']}:${event.revision}:${row['player_id']}`);
      const data = event.data as Record<string, unknown>;
      const toCents = row['game_type'] === 'stock-ticker' ? 1 : 100;
      expect(Number(row['price_cents'])).toBe(Number(data['price']) * toCents);
      const amount = Number(row['amount_cents']);
      expect(amount).toBe(Number(data['cost'] ?? data['proceeds'] ?? data['amount']) * toCents);
      const cashBefore = Number(row['cash_before_cents']);
      expect(Number(row['cash_after_cents'])).toBe(row['type'] === 'BUY' ? cashBefore - amount : cashBefore + amount);
      const shares = Number(row['shares']);
      expect(Number(row['shares_after']) - Number(row['shares_before'])).toBe(row['type'] === 'BUY' ? shares : -shares);
      if (row['game_type'] !== 'maxi-bourse') {
        expect(row['company']).toBe(data['stock'] ?? data['company']);
        expect(shares).toBe(data['shares']);
        expect(row['player_id']).toBe(data['playerId']);
      }
      if (row['game_type'] === 'stock-ticker') {
        // Opening purchases are at the market price, and each seat's first trade starts from the starting cash.
        expect(Number(row['market_price_cents'])).toBe(Number(data['price']));
        const seat = row['player_id'] ?? '';
        if (!startingCash.has(seat)) startingCash.set(seat, cashBefore);
      }
    }
    expect([...startingCash.values()]).toEqual([500_000, 500_000, 500_000]);
    const names = new Set(rows.map((row) => row['name']));
    expect(names).toEqual(new Set(['Sam', 'Kim', 'Lou', 'Max', 'Robo']));

    // The same file over REST, with the same credentials; filters as query parameters.
    const server = api.app.getHttpServer();
    const csv = await request(server).get(`/classes/${classId}/trades.csv`).set('authorization', `Bearer ${token('tess')}`).expect(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="class-4b-trades.csv"');
    expect(csv.text).toBe(classTradesExport.content);
    const samsBuys = await request(server)
      .get(`/classes/${classId}/trades.csv?student=${person('sam').accountId}&type=buy`)
      .set('authorization', `Bearer ${token('tess')}`)
      .expect(200);
    const filtered = await trades('tess', { studentId: person('sam').accountId, type: 'BUY' });
    expect(parseCsv(samsBuys.text).map((row) => row['trade_id'])).toEqual(filtered.edges.map((edge) => edge.node.id));
    expect(filtered.edges.every((edge) => edge.node.studentName === 'Sam' && edge.node.type === 'BUY')).toBe(true);
    await request(server).get(`/classes/${classId}/trades.csv`).expect(401);
    await request(server).get(`/classes/${classId}/trades.csv`).set('authorization', `Bearer ${token('vic')}`).expect(403);
    await request(server).get(`/classes/${classId}/trades.csv`).set('authorization', `Bearer ${token('eve')}`).expect(403);
    await request(server).get(`/classes/${classId}/trades.csv?type=swap`).set('authorization', `Bearer ${token('tess')}`).expect(400);
  });

  it('filter by student, game, company, type and period, and page through with cursors', async () => {
    const all = (await trades('tess')).edges.map((edge) => edge.node);
    const byGame = await trades('tess', { gameId: 'bo-1' });
    expect(byGame.edges.map((edge) => edge.node.id)).toEqual(all.filter((trade) => trade.gameId === 'bo-1').map((trade) => trade.id));
    expect(byGame.totalCount).toBeGreaterThan(0);
    const gold = await trades('tess', { company: 'gold', gameType: 'STOCK_TICKER' });
    expect(gold.edges.map((edge) => edge.node.company)).toEqual(['GOLD', 'GOLD', 'GOLD']);
    const sales = await trades('tess', { type: 'SELL' });
    expect(sales.edges.every((edge) => edge.node.type === 'SELL')).toBe(true);
    const firstBolsa = all.find((trade) => trade.gameId === 'bo-1');
    const period = await trades('tess', { from: firstBolsa?.occurredAt, to: all.find((trade) => trade.gameType === 'MAXI_BOURSE')?.occurredAt });
    expect(period.edges.map((edge) => edge.node.gameId)).toEqual(all.filter((trade) => trade.gameId === 'bo-1').map((trade) => trade.gameId));

    const pages: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const { classTrades }: TradesPage = await as<TradesPage>('tess', CLASS_TRADES, { classId, first: 4, after });
      expect(classTrades.totalCount).toBe(all.length);
      pages.push(...classTrades.edges.map((edge) => edge.node.id));
      if (!classTrades.pageInfo.hasNextPage) break;
      after = classTrades.pageInfo.endCursor;
    }
    expect(pages).toEqual(all.map((trade) => trade.id));
    expect(errorOf(await gqlAs(api, token('tess'), CLASS_TRADES, { classId, filter: { from: 'yesterday' } }))?.code).toBe('BAD_USER_INPUT');
  });

  it('flag mirrored and identical plans, a sale far from the market price, and repeated penalties', async () => {
    const { classFlags } = await as<{ classFlags: Flag[] }>('tess', CLASS_FLAGS, { classId });
    const byKind = (kind: string) => classFlags.filter((flag) => flag.kind === kind);
    expect(byKind('MIRRORED_PLANS').map((flag) => [flag.month, flag.seats.map((seat) => seat.studentName)])).toContainEqual([1, ['Kim', 'Sam']]);
    expect(byKind('IDENTICAL_PLANS').map((flag) => [flag.month, flag.seats.map((seat) => seat.studentName)])).toContainEqual([1, ['Lou', 'Max']]);
    const [offMarket] = byKind('OFF_MARKET_PRICE');
    expect(offMarket).toMatchObject({ deviationPercent: 50, seats: [{ gameId: 'mx-1', playerId: 'ann', studentName: 'Sam' }, { gameId: 'mx-1', playerId: 'bob', studentName: 'Kim' }] });
    expect(offMarket?.tradeIds).toHaveLength(2);
    expect(byKind('REPEATED_PENALTIES')).toEqual([
      expect.objectContaining({ count: 2, seats: [expect.objectContaining({ gameId: 'mx-2', studentName: 'Lou' }), expect.objectContaining({ gameId: 'mx-3', studentName: 'Lou' })] }),
    ]);
    const flagged = await trades('tess', { flaggedOnly: true });
    expect(flagged.edges.map((edge) => edge.node.id)).toEqual(expect.arrayContaining(offMarket?.tradeIds ?? ['none']));
    const premium = flagged.edges.find((edge) => edge.node.gameId === 'mx-1' && edge.node.type === 'BUY')?.node;
    expect(premium).toMatchObject({ studentName: 'Kim', company: 'CANON', shares: 1000, price: 30_000, marketPrice: 20_000, via: 'premium', counterparty: 'ann', flags: ['OFF_MARKET_PRICE'] });
    expect(errorOf(await gqlAs(api, token('sam'), CLASS_FLAGS, { classId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });
  });

  it('round-trip annotations and journal entries; students see only their own trades', async () => {
    const samsTrades = await trades('sam');
    expect(samsTrades.totalCount).toBeGreaterThan(0);
    expect(samsTrades.edges.every((edge) => edge.node.studentId === person('sam').accountId && edge.node.flags.length === 0)).toBe(true);
    const samsTrade = samsTrades.edges.find((edge) => edge.node.gameId === 'st-1')?.node;
    if (!samsTrade) throw new Error('Sam has no Stock Ticker trade');
    const all = await trades('tess');
    expect(samsTrades.totalCount).toBe(all.edges.filter((edge) => edge.node.studentId === person('sam').accountId).length);

    // The teacher annotates; a retry with the same command id is applied once.
    const input = { classId, tradeId: samsTrade.id, comment: 'Bought at par, before any roll: why GOLD?', flagged: true, score: 7, commandId: 'note-1' };
    const { annotateTrade } = await as<{ annotateTrade: { id: string; authorName: string; tradeId: string } }>('tess', ANNOTATE, { input });
    expect(annotateTrade).toMatchObject({ tradeId: samsTrade.id, authorName: 'Tess', flagged: true, score: 7, gameType: 'STOCK_TICKER', playerId: 'p-sam' });
    const again = await as<{ annotateTrade: { id: string } }>('tess', ANNOTATE, { input });
    expect(again.annotateTrade.id).toBe(annotateTrade.id);
    await as('tess', ANNOTATE, { input: { classId, tradeId: samsTrade.id, score: 8 } });
    const { tradeAnnotations } = await as<{ tradeAnnotations: { totalCount: number; edges: { node: { comment: string | null; score: number | null } }[] } }>(
      'tess',
      ANNOTATIONS,
      { classId, tradeId: samsTrade.id },
    );
    expect(tradeAnnotations.edges.map((edge) => [edge.node.comment, edge.node.score])).toEqual([
      [input.comment, 7],
      [null, 8],
    ]);
    const byStudent = await as<{ tradeAnnotations: { totalCount: number } }>('tess', ANNOTATIONS, { classId, studentId: person('kim').accountId });
    expect(byStudent.tradeAnnotations.totalCount).toBe(0);

    // Annotating is the teachers'; the trade must be in the log.
    expect(errorOf(await gqlAs(api, token('sam'), ANNOTATE, { input: { classId, tradeId: samsTrade.id, comment: 'me' } }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_AN_ORGANISER',
    });
    expect(errorOf(await gqlAs(api, token('tess'), ANNOTATE, { input: { classId, tradeId: 'stock-ticker:st-1:0:p-sam', flagged: true } }))).toEqual({
      code: 'NOT_FOUND',
      domainCode: 'TRADE_NOT_FOUND',
    });
    expect(errorOf(await gqlAs(api, token('tess'), ANNOTATE, { input: { classId, tradeId: 'not a trade', flagged: true } }))?.code).toBe('BAD_USER_INPUT');
    expect(errorOf(await gqlAs(api, token('tess'), ANNOTATE, { input: { classId, tradeId: samsTrade.id } }))).toEqual({
      code: 'BAD_USER_INPUT',
      domainCode: 'EMPTY_ANNOTATION',
    });

    // Sam explains his trade, then rewrites it; Kim may not write Sam's, nor may a token without play.
    await as('sam', RATIONALE, { input: { classId, tradeId: samsTrade.id, rationale: 'Gold pays dividends.' } });
    const { recordTradeRationale } = await as<{ recordTradeRationale: { rationale: string; authorName: string } }>('sam', RATIONALE, {
      input: { classId, tradeId: samsTrade.id, rationale: 'Gold pays dividends; I wanted a steady income.' },
    });
    expect(recordTradeRationale).toMatchObject({ rationale: 'Gold pays dividends; I wanted a steady income.', authorName: 'Sam' });
    expect(errorOf(await gqlAs(api, token('kim'), RATIONALE, { input: { classId, tradeId: samsTrade.id, rationale: 'Not mine' } }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'NOT_YOUR_TRADE',
    });
    const readOnly = (
      await as<{ createApiToken: { token: string } }>('sam', `mutation { createApiToken(input: { name: "reader", scopes: [READ] }) { token } }`)
    ).createApiToken.token;
    expect(errorOf(await gqlAs(api, readOnly, RATIONALE, { input: { classId, tradeId: samsTrade.id, rationale: 'x' } }))).toEqual({
      code: 'FORBIDDEN',
      domainCode: 'SCOPE_REQUIRED',
    });

    // The teacher sees both on the trade; Sam sees his rationale, not the teacher's notes.
    const seenByTeacher = (await trades('tess', { studentId: person('sam').accountId, gameId: 'st-1' })).edges.find((edge) => edge.node.id === samsTrade.id)?.node;
    expect(seenByTeacher?.rationale).toMatchObject({ rationale: 'Gold pays dividends; I wanted a steady income.', authorId: person('sam').accountId });
    expect(seenByTeacher?.annotations.map((annotation) => annotation.score)).toEqual([7, 8]);
    const seenBySam = (await trades('sam', { gameId: 'st-1' })).edges.find((edge) => edge.node.id === samsTrade.id)?.node;
    expect(seenBySam?.rationale?.rationale).toBe('Gold pays dividends; I wanted a steady income.');
    expect(seenBySam?.annotations).toEqual([]);
    expect(errorOf(await gqlAs(api, token('sam'), ANNOTATIONS, { classId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_AN_ORGANISER' });

    const journal = await as<{ tradeJournal: { totalCount: number; edges: { node: { tradeId: string; rationale: string } }[] } }>('tess', JOURNAL, { classId });
    expect(journal.tradeJournal.edges.map((edge) => edge.node)).toEqual([{ tradeId: samsTrade.id, authorId: person('sam').accountId, rationale: 'Gold pays dividends; I wanted a steady income.' }]);
    expect((await as<{ tradeJournal: { totalCount: number } }>('kim', JOURNAL, { classId })).tradeJournal.totalCount).toBe(0);

    // Exports: the rationale is on the trade's row; the notes file lists annotations and rationales.
    const { classTradesExport } = await as<{ classTradesExport: { content: string } }>('tess', CLASS_TRADES_EXPORT, { classId, filter: { gameId: 'st-1' } });
    const row = parseCsv(classTradesExport.content).find((candidate) => candidate['trade_id'] === samsTrade.id);
    expect(row).toMatchObject({ rationale: 'Gold pays dividends; I wanted a steady income.', annotations: '2' });
    const { classNotesExport } = await as<{ classNotesExport: { filename: string; content: string } }>('tess', NOTES_EXPORT, { classId });
    expect(classNotesExport.filename).toBe('class-4b-notes.csv');
    const notes = parseCsv(classNotesExport.content);
    expect(notes.map((note) => [note['kind'], note['student'], note['author'], note['text'], note['flagged'], note['score']])).toEqual([
      ['annotation', 'Sam', 'Tess', input.comment, 'yes', '7'],
      ['annotation', 'Sam', 'Tess', '', 'no', '8'],
      ['rationale', 'Sam', 'Sam', 'Gold pays dividends; I wanted a steady income.', '', ''],
    ]);
    const rest = await request(api.app.getHttpServer()).get(`/classes/${classId}/notes.csv`).set('authorization', `Bearer ${token('tess')}`).expect(200);
    expect(rest.text).toBe(classNotesExport.content);
    await request(api.app.getHttpServer()).get(`/classes/${classId}/notes.csv`).set('authorization', `Bearer ${token('sam')}`).expect(403);
  });

  it('are for members only: spectators, outsiders and anonymous visitors are refused', async () => {
    expect(errorOf(await gqlAs(api, token('vic'), CLASS_TRADES, { classId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_STUDENT' });
    expect(errorOf(await gqlAs(api, token('eve'), CLASS_TRADES, { classId }))).toEqual({ code: 'FORBIDDEN', domainCode: 'NOT_A_MEMBER' });
    expect(errorOf(await gqlAs(api, undefined, CLASS_TRADES, { classId }))).toEqual({ code: 'UNAUTHENTICATED', domainCode: 'SIGN_IN_REQUIRED' });
    expect(errorOf(await gqlAs(api, undefined, RATIONALE, { input: { classId, tradeId: 'stock-ticker:st-1:5:p-sam', rationale: 'x' } }))).toEqual({
      code: 'UNAUTHENTICATED',
      domainCode: 'SIGN_IN_REQUIRED',
    });
    expect(errorOf(await gqlAs(api, token('tess'), CLASS_TRADES, { classId: 'no-such-class' }))).toEqual({ code: 'NOT_FOUND', domainCode: 'LEAGUE_NOT_FOUND' });
  });
});
