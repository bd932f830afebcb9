import { bolsa, bolsaResult, correctBolsa, type BolsaState } from '@corbeille/bolsa';
import { correctMaxiBourse, maxiBourse, maxiBourseEngine1, maxiBourseResult, type MaxiBourseState } from '@corbeille/maxi-bourse';
import { withRulings, type CorrectedStanding } from '@corbeille/rulings';
import { correctStockTicker, stockTicker, stockTickerResult, type StockTickerState } from '@corbeille/stock-ticker';
import type { GameTypeName } from '../registry/game-definition';

/**
 * The engines as the platform folds them: each game's own rules plus the referee's rulings (corrections
 * through the game's `applyCorrection`, rewind markers), so the command handler, the projections and time
 * travel all fold a ruled game alike.
 */
export const ruledStockTicker = withRulings(stockTicker, correctStockTicker, { gameType: 'stock-ticker', resultOf: stockTickerResult });
export const ruledBolsa = withRulings(bolsa, correctBolsa, { gameType: 'bolsa', resultOf: bolsaResult });
export const ruledMaxiBourse = withRulings(maxiBourse, correctMaxiBourse, { gameType: 'maxi-bourse', resultOf: maxiBourseResult });
/** Maxi Bourse engine version 1 (the careless player's fine capped at cash on hand), for the games pinned to it. */
export const ruledMaxiBourseEngine1 = withRulings(maxiBourseEngine1, correctMaxiBourse, { gameType: 'maxi-bourse', resultOf: maxiBourseResult });

/** Each game's final result (rank and wealth in cents) from a finished state, for previews of a ruling. */
export const RULED_RESULTS: Readonly<Record<GameTypeName, (state: unknown) => readonly CorrectedStanding[] | undefined>> = {
  'stock-ticker': (state) => stockTickerResult(state as StockTickerState),
  bolsa: (state) => bolsaResult(state as BolsaState),
  'maxi-bourse': (state) => maxiBourseResult(state as MaxiBourseState),
};
