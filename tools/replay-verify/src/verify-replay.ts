import { isDeepStrictEqual } from 'node:util';
import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import { type ChainProblem, verifyStoredStream } from '@corbeille/integrity';
import { dividendAt, priceAt, type BolsaState } from '@corbeille/bolsa';
import type { MaxiBourseState } from '@corbeille/maxi-bourse';
import { CORRECTION_APPLIED, foldLive, liveEvents, type Adjustment } from '@corbeille/rulings';
import {
  BOLSA_GAME,
  gameOfStream,
  MAXI_BOURSE_GAME,
  portfoliosOf,
  ruledBolsa,
  ruledMaxiBourse,
  ruledStockTicker,
  STOCK_TICKER_GAME,
  streamIdFor,
  type GameSummary,
  type ReadModelQueries,
} from '@corbeille/projections';
import type { StockTickerEvent, StockTickerState } from '@corbeille/stock-ticker';

export interface GameVerification {
  readonly gameId: string;
  readonly eventsFolded: number;
  readonly differences: readonly string[];
}

/** The hash chain of one game stream (every event in the log, not only those the read models reached). */
export interface ChainCheck {
  readonly gameId: string;
  readonly streamId: string;
  readonly eventsChecked: number;
  /** 'verified': linked throughout (after any legacy events); 'unchained': no event is linked; 'broken': tampering found. */
  readonly status: 'verified' | 'unchained' | 'broken';
  /** Events at the start of the stream written before the chain was turned on. */
  readonly legacyEvents: number;
  /** What is wrong, each at its exact revision and position (legacy events are not listed). */
  readonly problems: readonly ChainProblem[];
}

export interface ReplayReport {
  readonly games: readonly GameVerification[];
  /** Games in the log (up to the read models' checkpoint) that the read models do not know. */
  readonly missing: readonly string[];
  readonly checkpoint: number;
  readonly chains: readonly ChainCheck[];
  readonly ok: boolean;
}

export interface VerifyReplayOptions {
  /** Also fail games with events that carry no hash chain (legacy or unchained streams). */
  readonly requireChain?: boolean;
}

/**
 * Re-folds every game from its events with the rules engine alone and compares the result with
 * what the projections serve: state, portfolios, prices and their history, the trade ledger
 * (Stock Ticker), the summary, cash, prices, dividends and ledger (BOLSA), or the summary, portfolios,
 * quotations, pawns, payments and standings (Maxi Bourse).
 * Games are compared at the position the read models have reached, so a lagging projection is not
 * reported as wrong; a projection that is ahead of the log, or disagrees, is.
 * Every game stream's hash chain is checked too: a broken chain fails the report, a stream without
 * one only does with `requireChain`.
 */
export async function verifyReplay(store: EventStore, readModels: ReadModelQueries, options: VerifyReplayOptions = {}): Promise<ReplayReport> {
  const games: GameVerification[] = [];
  const pageSize = 100;
  for (let offset = 0; ; offset += pageSize) {
    const page = readModels.listGames({ offset, limit: pageSize });
    for (const summary of page.items) games.push(await verifyAnyGame(store, readModels, summary));
    if (offset + pageSize >= page.total) break;
  }
  const checkpoint = readModels.checkpoint();
  const known = new Set(games.map((game) => game.gameId));
  const missing = [...(await gamesInLog(store, checkpoint))].filter((gameId) => !known.has(gameId));
  const chains: ChainCheck[] = [];
  for (const [streamId, gameId] of await gameStreams(store)) chains.push(await checkChain(store, streamId, gameId));
  const chainsOk = chains.every((chain) => chain.status !== 'broken' && (!options.requireChain || (chain.status === 'verified' && chain.legacyEvents === 0)));
  return {
    games,
    missing,
    checkpoint,
    chains,
    ok: missing.length === 0 && games.every((game) => game.differences.length === 0) && chainsOk,
  };
}

/** Every game stream in the whole log, with its game id. */
export async function gameStreams(store: EventStore): Promise<Map<string, string>> {
  const streams = new Map<string, string>();
  for (let after = 0; ; ) {
    const batch = await store.readAll({ afterPosition: after, maxCount: 1000 });
    if (batch.length === 0) return streams;
    for (const event of batch) {
      const routed = gameOfStream(event.streamId);
      if (routed && !streams.has(event.streamId)) streams.set(event.streamId, routed.gameId);
      after = event.position;
    }
  }
}

async function checkChain(store: EventStore, streamId: string, gameId: string): Promise<ChainCheck> {
  const verification = await verifyStoredStream(store, streamId);
  const legacyEvents = verification.unchainedPrefix;
  const problems = verification.problems.filter((problem) => !(problem.kind === 'unchained' && problem.revision < legacyEvents));
  const status = problems.length > 0 ? 'broken' : legacyEvents === verification.eventsChecked ? 'unchained' : 'verified';
  return { gameId, streamId, eventsChecked: verification.eventsChecked, status, legacyEvents, problems };
}

async function gamesInLog(store: EventStore, upToPosition: number): Promise<Set<string>> {
  const gameIds = new Set<string>();
  for (let after = 0; after < upToPosition; ) {
    const batch = await store.readAll({ afterPosition: after, maxCount: 1000 });
    if (batch.length === 0) break;
    for (const event of batch) {
      if (event.position > upToPosition) return gameIds;
      const routed = gameOfStream(event.streamId);
      if (routed) gameIds.add(routed.gameId);
      after = event.position;
    }
  }
  return gameIds;
}

async function verifyAnyGame(store: EventStore, readModels: ReadModelQueries, summary: GameSummary): Promise<GameVerification> {
  switch (summary.gameType) {
    case 'stock-ticker':
      return verifyGame(store, readModels, summary.gameId, summary.lastPosition);
    case 'bolsa':
      return verifyBolsaGame(store, readModels, summary);
    case 'maxi-bourse':
      return verifyMaxiBourseGame(store, readModels, summary);
    default:
      return { gameId: summary.gameId, eventsFolded: 0, differences: [`no verifier for game type ${String(summary.gameType)}`] };
  }
}

async function verifyGame(
  store: EventStore,
  readModels: ReadModelQueries,
  gameId: string,
  projectedPosition: number,
): Promise<GameVerification> {
  const differences: string[] = [];
  const { logged, recorded } = await eventsUpTo(store, streamIdFor(STOCK_TICKER_GAME, gameId), projectedPosition);
  const state = foldLive(ruledStockTicker, recorded) as StockTickerState;

  const summary = readModels.getGame(gameId);
  if (!summary) differences.push('the game has no summary');
  else {
    if (summary.eventCount !== logged) {
      differences.push(`summary counts ${summary.eventCount} events, the log has ${logged} up to position ${projectedPosition}`);
    }
    if (summary.phase !== state.phase) differences.push(`summary phase ${summary.phase}, replay ${state.phase}`);
  }

  const portfolios = readModels.getPortfolios(gameId);
  const replayedPortfolios = portfoliosOf(gameId, state);
  if (!isDeepStrictEqual(portfolios, replayedPortfolios)) {
    differences.push(`portfolios differ: served ${JSON.stringify(portfolios)}, replayed ${JSON.stringify(replayedPortfolios)}`);
  }

  const board = readModels.getPriceBoard(gameId);
  if (state.phase !== 'uncreated' && state.phase !== 'lobby') {
    for (const stock of state.options.stocks) {
      const quote = board?.stocks.find((candidate) => candidate.stock === stock);
      if (!quote) {
        differences.push(`price board lacks ${stock}`);
        continue;
      }
      if (quote.price !== state.prices[stock]) differences.push(`${stock} served at ${quote.price}, replayed ${state.prices[stock]}`);
      const replayedHistory = recorded.flatMap((event) => {
        // A referee's correction sets prices directly: each is a point of the history too.
        if (event.type === CORRECTION_APPLIED) return correctedPrices(event, stock);
        const domain = toDomainEvent(event);
        if (domain.type === 'GameStarted') return [domain.data.prices[stock]];
        return domain.type === 'PriceChanged' && domain.data.stock === stock ? [domain.data.to] : [];
      });
      const servedHistory = quote.history.map((point) => point.price);
      if (!isDeepStrictEqual(servedHistory, replayedHistory)) {
        differences.push(`${stock} history differs: served ${servedHistory.length} points, replayed ${replayedHistory.length}`);
      }
    }
  }

  const trades = recorded.filter((event) => event.type === 'SharesBought' || event.type === 'SharesSold');
  const ledger = readModels.getTrades(gameId, { offset: 0, limit: Math.max(1, trades.length + 1) });
  if (ledger.total !== trades.length) differences.push(`ledger has ${ledger.total} trades, the log ${trades.length}`);
  const mismatched = ledger.items.filter((entry, index) => entry.position !== trades[index]?.position);
  if (mismatched.length > 0) differences.push(`${mismatched.length} ledger entries do not line up with the log`);

  return { gameId, eventsFolded: recorded.length, differences };
}

function toDomainEvent(event: RecordedEvent): StockTickerEvent {
  return { type: event.type, data: event.data } as StockTickerEvent;
}

/**
 * A game's events up to a position: how many the log holds (the summary counts them all, voided or
 * not, as the audit trail lists them), and those the read models fold: after the rulings, so without
 * the events a rewind voided (the rewind's marker and the corrections stay).
 */
async function eventsUpTo(store: EventStore, streamId: string, position: number): Promise<{ logged: number; recorded: RecordedEvent[] }> {
  const logged = (await store.readStream(streamId)).filter((event) => event.position <= position);
  return { logged: logged.length, recorded: liveEvents(logged) };
}

function correctedPrices(event: RecordedEvent, stock: string): number[] {
  const { adjustments } = event.data as { adjustments: readonly Adjustment[] };
  return adjustments.flatMap((adjustment) => (adjustment.kind === 'price' && adjustment.stock === stock ? [adjustment.to] : []));
}

async function verifyBolsaGame(store: EventStore, readModels: ReadModelQueries, summary: GameSummary): Promise<GameVerification> {
  const { gameId } = summary;
  const differences: string[] = [];
  const { logged, recorded } = await eventsUpTo(store, streamIdFor(BOLSA_GAME, gameId), summary.lastPosition);
  const state = foldLive(ruledBolsa, recorded) as BolsaState;
  if (summary.eventCount !== logged) differences.push(`summary counts ${summary.eventCount} events, the log has ${logged}`);
  if (summary.phase !== state.phase) differences.push(`summary phase ${summary.phase}, replay ${state.phase}`);
  if (state.phase !== 'uncreated' && state.phase !== 'lobby') {
    for (const portfolio of readModels.getBolsaPortfolios(gameId)) {
      const cash = state.portfolios[portfolio.playerId]?.cash;
      if (portfolio.cash !== cash) differences.push(`${portfolio.playerId} has ${portfolio.cash} EUR served, ${String(cash)} replayed`);
    }
    const board = readModels.getBolsaBoard(gameId);
    for (const company of state.companies) {
      const quote = board?.companies.find((candidate) => candidate.company === company);
      const { level } = state.market[company];
      if (!quote) differences.push(`price board lacks ${company}`);
      else if (quote.price !== priceAt(company, level) || quote.dividend !== dividendAt(company, level)) {
        differences.push(`${company} served at ${quote.price} EUR, replayed ${priceAt(company, level)} EUR`);
      }
    }
  }
  const trades = recorded.filter((event) => event.type === 'SharesSold' || event.type === 'SharesBought');
  const ledger = readModels.getBolsaLedger(gameId, { offset: 0, limit: 1, kinds: ['SALE', 'PURCHASE'] });
  if (ledger.total !== trades.length) differences.push(`ledger has ${ledger.total} sales and purchases, the log ${trades.length}`);
  return { gameId, eventsFolded: recorded.length, differences };
}

async function verifyMaxiBourseGame(store: EventStore, readModels: ReadModelQueries, summary: GameSummary): Promise<GameVerification> {
  const { gameId } = summary;
  const differences: string[] = [];
  const { logged, recorded } = await eventsUpTo(store, streamIdFor(MAXI_BOURSE_GAME, gameId), summary.lastPosition);
  const state = foldLive(ruledMaxiBourse, recorded) as MaxiBourseState;
  if (summary.eventCount !== logged) differences.push(`summary counts ${summary.eventCount} events, the log has ${logged}`);
  if (summary.phase !== state.phase) differences.push(`summary phase ${summary.phase}, replay ${state.phase}`);
  const table = readModels.getMaxiBourseTable(gameId);
  if (!table) differences.push('the game has no Maxi Bourse read models');
  if (table && state.phase !== 'uncreated' && state.phase !== 'lobby') {
    for (const portfolio of table.portfolios) {
      const replayed = state.players[portfolio.playerId];
      const holdings = Object.fromEntries(Object.entries(replayed?.holdings ?? {}).filter(([, shares]) => shares > 0));
      const served = Object.fromEntries(portfolio.holdings.map((holding) => [holding.company, holding.shares]));
      if (portfolio.cash !== replayed?.cash) differences.push(`${portfolio.playerId} has ${portfolio.cash} $ served, ${String(replayed?.cash)} replayed`);
      if (!isDeepStrictEqual(served, holdings)) differences.push(`${portfolio.playerId}'s shares differ: served ${JSON.stringify(served)}, replayed ${JSON.stringify(holdings)}`);
      if (portfolio.rumourCount !== replayed?.rumours.length) differences.push(`${portfolio.playerId} holds ${portfolio.rumourCount} rumours served, ${String(replayed?.rumours.length)} replayed`);
    }
    for (const [company, price] of Object.entries(state.prices)) {
      const quote = table.priceBoard.companies.find((candidate) => candidate.company === company);
      if (!quote) differences.push(`price board lacks ${company}`);
      else if (quote.price !== price || quote.bankShares !== state.bank[company] || quote.history.at(-1)?.price !== price) {
        differences.push(`${company} served at ${quote.price} $ (${quote.bankShares} with the bank), replayed ${price} $ (${String(state.bank[company])})`);
      }
    }
    for (const pawn of table.board.pawns) {
      const position = state.players[pawn.playerId]?.position;
      if (pawn.position !== position) differences.push(`${pawn.playerId}'s pawn served on ${pawn.position}, replayed on ${String(position)}`);
    }
    if (state.phase === 'finished' && !isDeepStrictEqual(table.standings?.rows.filter((row) => row.winner).map((row) => row.playerId), state.winners)) {
      differences.push(`winners served ${JSON.stringify(table.standings)}, replayed ${JSON.stringify(state.winners)}`);
    }
  }
  const payments = recorded.filter((event) => event.type === 'SharesPaid');
  const ledger = readModels.getMaxiBourseLedger(gameId, { offset: 0, limit: 1, kinds: ['PAYMENT'] });
  if (ledger.total !== payments.length) differences.push(`ledger has ${ledger.total} payments, the log ${payments.length}`);
  return { gameId, eventsFolded: recorded.length, differences };
}
