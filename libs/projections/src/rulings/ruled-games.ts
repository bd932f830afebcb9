import { bolsa, bolsaResult, correctBolsa } from '@corbeille/bolsa';
import { correctMaxiBourse, maxiBourse, maxiBourseResult } from '@corbeille/maxi-bourse';
import { withRulings } from '@corbeille/rulings';
import { correctStockTicker, stockTicker, stockTickerResult } from '@corbeille/stock-ticker';

/**
 * The engines as the platform folds them: each game's own rules plus the referee's rulings (corrections
 * through the game's `applyCorrection`, rewind markers), so the command handler, the projections and time
 * travel all fold a ruled game alike.
 */
export const ruledStockTicker = withRulings(stockTicker, correctStockTicker, { gameType: 'stock-ticker', resultOf: stockTickerResult });
export const ruledBolsa = withRulings(bolsa, correctBolsa, { gameType: 'bolsa', resultOf: bolsaResult });
export const ruledMaxiBourse = withRulings(maxiBourse, correctMaxiBourse, { gameType: 'maxi-bourse', resultOf: maxiBourseResult });
