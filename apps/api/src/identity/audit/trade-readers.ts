import type { GameType } from '@corbeille/identity';
import { bolsaTradesReader } from './bolsa-trades.reader';
import { maxiBourseTradesReader } from './maxi-bourse-trades.reader';
import { stockTickerTradesReader } from './stock-ticker-trades.reader';
import { anyTradeReader, type TradeReader } from './trade-reader';

/** The trade reader of each kind of rules a league table may be played with. */
export const TRADE_READERS: Readonly<Record<GameType, TradeReader<unknown>>> = {
  'stock-ticker': anyTradeReader(stockTickerTradesReader),
  bolsa: anyTradeReader(bolsaTradesReader),
  'maxi-bourse': anyTradeReader(maxiBourseTradesReader),
};
