import { seededRandom, type RandomSource } from '@corbeille/kernel';
import { stockTicker } from '@corbeille/stock-ticker';
import { OpenAccessPolicy } from '../access/open-access.policy';
import { GameDriver } from '../testing/game-driver';
import { BUY_SHARES, FINISH_TRADING, ROLL_DICE, SELL_SHARES } from '../testing/operations';
import { startTestApp, type TestApp } from '../testing/test-app';
import { commandsOf, firstCode, outcomeOf, post, replay, since, streamOf, type RawAnswer } from './reliability-helpers';

const GAME_ID = 'contended';
const PLAYERS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'] as const;
const CLIENTS = 16;
const STOCKS = ['GOLD', 'TECH', 'OIL', 'INDUSTRIAL', 'BONDS', 'GRAIN'] as const;
const OPENING_MOVES = 12;
const PLAY_MOVES = 20;
/** What a contended move may be refused with: the rules (out of turn, not enough cash, ...) or a conflict it could not resolve. */
const EXPECTED_REFUSALS = new Set(['RULE_VIOLATION', 'CONFLICT']);

type Move = { readonly query: string; readonly field: string; readonly input: Readonly<Record<string, unknown>> };

interface Sent {
  readonly client: number;
  readonly move: Move;
  readonly commandId: string;
  readonly answer: RawAnswer;
}

const PORTFOLIOS = `query P($id: ID!) {
  game(id: $id) {
    phase round eventCount
    portfolios { playerId cash loan holdings { stock shares } }
    priceBoard { stocks { stock price } }
  }
}`;
const GAME_AT = `query At($id: ID!, $revision: Int) { gameAt(id: $id, revision: $revision) { revision phase state } }`;

interface PortfolioView {
  game: {
    phase: string;
    round: number;
    eventCount: number;
    portfolios: { playerId: string; cash: number; loan: number; holdings: { stock: string; shares: number }[] }[];
    priceBoard: { stocks: { stock: string; price: number }[] };
  };
}

/** 16 clients, two per seat, trade and roll in the same game at once; the result must be a serial history. */
describe('16 clients issuing commands to one game at once', () => {
  let api: TestApp;
  let baseUrl: string;
  const sent: Sent[] = [];
  let counter = 0;

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    baseUrl = await api.listen();
    const driver = new GameDriver(api, GAME_ID);
    await driver.create({ roundLimit: 50 });
    for (const playerId of PLAYERS) await driver.join(playerId, playerId.toUpperCase());
    await driver.start();
  });

  afterAll(async () => {
    await api.close();
  });

  const playerOf = (client: number): string => PLAYERS[client % PLAYERS.length] ?? 'p1';

  function trade(random: RandomSource, playerId: string): Move {
    const stock = STOCKS[random.int(0, STOCKS.length - 1)];
    const shares = 500 * random.int(1, 3);
    return random.int(0, 2) === 0
      ? { query: SELL_SHARES, field: 'sellShares', input: { gameId: GAME_ID, playerId, stock, shares } }
      : { query: BUY_SHARES, field: 'buyShares', input: { gameId: GAME_ID, playerId, stock, shares } };
  }

  const roll = (playerId: string): Move => ({ query: ROLL_DICE, field: 'rollDice', input: { gameId: GAME_ID, playerId } });
  const finish = (playerId: string): Move => ({ query: FINISH_TRADING, field: 'finishTrading', input: { gameId: GAME_ID, playerId } });

  async function issue(client: number, move: Move): Promise<void> {
    counter += 1;
    const commandId = `c${client}-m${counter}`;
    const answer = await post(baseUrl, { query: move.query, variables: { input: { ...move.input, commandId } } });
    sent.push({ client, move, commandId, answer });
  }

  /** Runs every client's moves at once (each client one move after the other, as a real client would). */
  async function allClients(moves: number, choose: (client: number, random: RandomSource) => Move): Promise<number> {
    const start = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const random = seededRandom(1000 + client);
        for (let move = 0; move < moves; move += 1) await issue(client, choose(client, random));
      }),
    );
    return since(start);
  }

  it('loses no update, reports conflicts clearly, and ends where a serial replay of its stream ends', async () => {
    // Opening purchases: everyone trades at once, and some clients try to roll too early.
    const openingMs = await allClients(OPENING_MOVES, (client, random) =>
      random.int(0, 5) === 0 ? roll(PLAYERS[random.int(0, PLAYERS.length - 1)] ?? 'p1') : trade(random, playerOf(client)),
    );
    // Both clients of every seat finish trading at once: one of each pair is told the seat already finished.
    await Promise.all(Array.from({ length: CLIENTS }, (_, client) => issue(client, finish(playerOf(client)))));
    // Play: rolls for any seat contend with each other, trading windows open and close.
    const playMs = await allClients(PLAY_MOVES, (client, random) => {
      const choice = random.int(0, 9);
      if (choice < 6) return roll(PLAYERS[random.int(0, PLAYERS.length - 1)] ?? 'p1');
      if (choice < 8) return finish(playerOf(client));
      return trade(random, playerOf(client));
    });

    const outcomes = new Map<string, number>();
    const acknowledged = new Map<string, Sent>();
    const refusedIds = new Set<string>();
    for (const entry of sent) {
      expect(entry.answer.status).toBeLessThan(500);
      const outcome = outcomeOf(entry.answer, entry.move.field);
      const code = firstCode(entry.answer);
      const key = outcome ? 'ok' : `${code ?? 'none'}/${String(entry.answer.errors?.[0]?.extensions?.domainCode)}`;
      outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      if (outcome) {
        if (outcome.events.length > 0) acknowledged.set(entry.commandId, entry);
        continue;
      }
      expect({ code, expected: EXPECTED_REFUSALS.has(code ?? '') }).toEqual({ code, expected: true });
      if (code === 'CONFLICT') {
        expect(entry.answer.errors?.[0]?.extensions?.domainCode).toBe('CONCURRENT_UPDATE');
        expect(entry.answer.errors?.[0]?.message).toMatch(/try again/i);
      }
      refusedIds.add(entry.commandId);
    }

    const events = await api.eventStore.readStream(streamOf(GAME_ID));
    const { groups, problems } = commandsOf(events);
    expect(problems).toEqual([]);
    // Every acknowledged command is in the stream, exactly with the events it answered; no refused command wrote anything.
    for (const [commandId, entry] of acknowledged) {
      const outcome = outcomeOf(entry.answer, entry.move.field);
      expect(groups.get(commandId)?.map((event) => event.id)).toEqual(outcome?.events.map((event) => event.id));
    }
    for (const commandId of refusedIds) expect(groups.has(commandId)).toBe(false);
    const mine = [...groups.keys()].filter((commandId) => /^c\d+-m\d+$/.test(commandId));
    expect(mine.sort()).toEqual([...acknowledged.keys()].sort());

    // The served state equals the rules engine folding the stream one event after the other.
    const rebuilt = replay(events);
    const { game } = await api.data<PortfolioView>(PORTFOLIOS, { id: GAME_ID });
    const { gameAt } = await api.data<{ gameAt: { revision: number; state: unknown } | null }>(GAME_AT, { id: GAME_ID, revision: events.length - 1 });
    expect(game.eventCount).toBe(events.length);
    expect(gameAt?.revision).toBe(events.length - 1);
    expect(gameAt?.state).toEqual(JSON.parse(JSON.stringify(stockTicker.view(rebuilt, { kind: 'spectator' }))));
    if (rebuilt.phase === 'uncreated' || rebuilt.phase === 'lobby') throw new Error(`unexpected phase ${rebuilt.phase}`);
    for (const portfolio of game.portfolios) {
      const folded = rebuilt.portfolios[portfolio.playerId];
      expect({ cash: portfolio.cash, loan: portfolio.loan }).toEqual({ cash: folded?.cash, loan: folded?.loan });
      for (const holding of portfolio.holdings) {
        expect(holding.shares).toBe(folded?.holdings[holding.stock as keyof NonNullable<typeof folded>['holdings']]);
      }
    }
    for (const quote of game.priceBoard.stocks) expect(quote.price).toBe(rebuilt.prices[quote.stock as keyof typeof rebuilt.prices]);

    // No lost update: the trades the clients were told about are the trades in the stream.
    const boughtEvents = events.filter((event) => event.type === 'SharesBought').length;
    const boughtAcks = [...acknowledged.values()].filter((entry) => entry.move.field === 'buyShares').length;
    expect(boughtEvents).toBe(boughtAcks);
    const soldEvents = events.filter((event) => event.type === 'SharesSold').length;
    const soldAcks = [...acknowledged.values()].filter((entry) => entry.move.field === 'sellShares').length;
    expect(soldEvents).toBeGreaterThanOrEqual(soldAcks);

    const summary = [...outcomes.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, count]) => `${key}: ${count}`);
    console.log(
      `concurrency: ${CLIENTS} clients, ${sent.length} commands (opening ${openingMs} ms, play ${playMs} ms); ` +
        `${acknowledged.size} applied, ${events.length} events, phase ${game.phase} round ${game.round}; outcomes ${summary.join(', ')}`,
    );
  });
});
