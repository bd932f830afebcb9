import type { BolsaState } from '@corbeille/bolsa';
import type { MaxiBourseState } from '@corbeille/maxi-bourse';
import type { StockTickerState } from '@corbeille/stock-ticker';
import type { BoundaryChecksum } from './game-definition';

/*
 * Where each game records a checksum of its price board and portfolios (docs/integrity.md): when a command
 * ends a round (Stock Ticker), a month (BOLSA), a turn of play around the table (Maxi Bourse), or the game.
 * What a checksum covers comes from the engine's state, so an independent re-fold must reproduce it.
 */

/** Stock Ticker: the round a state is in, if it is in one. */
function stockTickerRound(state: StockTickerState): number | undefined {
  return state.phase === 'trading' || state.phase === 'rolling' ? state.round : undefined;
}

export function stockTickerChecksumAt(before: StockTickerState, after: StockTickerState): BoundaryChecksum | undefined {
  if (after.phase === 'finished' && before.phase !== 'finished') {
    return { boundary: 'end of game', covered: { prices: after.prices, portfolios: after.portfolios } };
  }
  const round = stockTickerRound(before);
  const next = stockTickerRound(after);
  if (round === undefined || next === undefined || next === round || after.phase === 'finished') return undefined;
  return { boundary: `round ${round}`, covered: { prices: 'prices' in after ? after.prices : null, portfolios: 'portfolios' in after ? after.portfolios : null } };
}

/** BOLSA: the month (1 = January) a state is in, 0 during setup. */
function bolsaMonth(state: BolsaState): number | undefined {
  return state.phase === 'uncreated' || state.phase === 'lobby' ? undefined : state.month;
}

export function bolsaChecksumAt(before: BolsaState, after: BolsaState): BoundaryChecksum | undefined {
  if (after.phase === 'uncreated' || after.phase === 'lobby') return undefined;
  const covered = { market: after.market, portfolios: after.portfolios };
  if (after.phase === 'finished' && before.phase !== 'finished') return { boundary: 'end of game', covered };
  const month = bolsaMonth(before);
  if (month === undefined || month < 1 || after.month <= month || after.phase === 'finished') return undefined;
  return { boundary: `month ${month}`, covered };
}

/** Maxi Bourse: the turn of play around the table a state is in. */
function maxiBourseTableTurn(state: MaxiBourseState): number | undefined {
  return state.phase === 'playing' ? state.turn.tableTurn : undefined;
}

export function maxiBourseChecksumAt(before: MaxiBourseState, after: MaxiBourseState): BoundaryChecksum | undefined {
  if (after.phase !== 'playing' && after.phase !== 'finished') return undefined;
  // Rumour cards in hand are secret (III.5): the checksum covers what the table shows.
  const portfolios = Object.fromEntries(
    Object.entries(after.players).map(([playerId, { cash, holdings }]) => [playerId, { cash, holdings }]),
  );
  const covered = { prices: after.prices, bank: after.bank, portfolios };
  if (after.phase === 'finished' && before.phase !== 'finished') return { boundary: 'end of game', covered };
  const turn = maxiBourseTableTurn(before);
  const next = maxiBourseTableTurn(after);
  if (turn === undefined || next === undefined || next <= turn) return undefined;
  return { boundary: `turn ${turn}`, covered };
}
