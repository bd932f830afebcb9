import { registerEnumType } from '@nestjs/graphql';
import type { StockName, StockTickerAction, StockTickerPhase } from '@corbeille/stock-ticker';

/** GraphQL enums mirror the engine's names; `satisfies` keeps them in step with its contract. */
export const Stock = {
  GOLD: 'GOLD',
  TECH: 'TECH',
  OIL: 'OIL',
  INDUSTRIAL: 'INDUSTRIAL',
  BONDS: 'BONDS',
  GRAIN: 'GRAIN',
} as const satisfies { [Name in StockName]: Name };

export const STOCK_NAMES: readonly StockName[] = Object.values(Stock);

registerEnumType(Stock, { name: 'Stock', description: 'A stock on the Stock Ticker board.' });

export type GamePhaseValue = Exclude<StockTickerPhase, 'uncreated'>;

export const GamePhase = {
  LOBBY: 'lobby',
  OPENING: 'opening',
  TRADING: 'trading',
  ROLLING: 'rolling',
  FINISHED: 'finished',
} as const satisfies Record<string, GamePhaseValue>;

export const GAME_PHASES: readonly GamePhaseValue[] = Object.values(GamePhase);

registerEnumType(GamePhase, {
  name: 'GamePhase',
  description: 'Where a game is: seating players, opening purchases, a trading window, rolling dice, or over.',
  valuesMap: {
    LOBBY: { description: 'Players are joining; the game has not started.' },
    OPENING: { description: 'Opening purchases at par; every player must buy some stock.' },
    TRADING: { description: "A trading window before the Broker's roll." },
    ROLLING: { description: 'Players roll the dice in turn.' },
    FINISHED: { description: 'The game is over and ranked.' },
  },
});

export type LegalActionTypeValue = StockTickerAction['type'];

export const LegalActionType = {
  JOIN_GAME: 'JoinGame',
  START_GAME: 'StartGame',
  BUY_SHARES: 'BuyShares',
  SELL_SHARES: 'SellShares',
  FINISH_TRADING: 'FinishTrading',
  ROLL_DICE: 'RollDice',
  BORROW: 'Borrow',
} as const satisfies Record<string, LegalActionTypeValue>;

registerEnumType(LegalActionType, { name: 'LegalActionType', description: 'A kind of move a player may make now.' });

export const TradeSide = { BUY: 'BUY', SELL: 'SELL' } as const;
export type TradeSideValue = (typeof TradeSide)[keyof typeof TradeSide];

registerEnumType(TradeSide, { name: 'TradeSide' });

export const EndGameReason = { AGREED: 'AGREED', TIME_LIMIT: 'TIME_LIMIT' } as const;
export type EndGameReasonValue = (typeof EndGameReason)[keyof typeof EndGameReason];

registerEnumType(EndGameReason, {
  name: 'EndGameReason',
  valuesMap: {
    AGREED: { description: 'The players agree to stop.' },
    TIME_LIMIT: { description: "The game's time limit is reached." },
  },
});

export const GameEndReason = { ROUND_LIMIT: 'ROUND_LIMIT', TIME_LIMIT: 'TIME_LIMIT', AGREED: 'AGREED' } as const;
registerEnumType(GameEndReason, { name: 'GameEndReason' });
