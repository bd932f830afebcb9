import { registerEnumType } from '@nestjs/graphql';
import type { GameTypeName } from '@corbeille/projections';

/** The game types of the registry, as GraphQL names them. */
export const GameType = {
  STOCK_TICKER: 'stock-ticker',
  BOLSA: 'bolsa',
  MAXI_BOURSE: 'maxi-bourse',
} as const satisfies Record<string, GameTypeName>;

export type GameTypeValue = (typeof GameType)[keyof typeof GameType];

registerEnumType(GameType, {
  name: 'GameType',
  description: 'A game the platform referees.',
  valuesMap: {
    STOCK_TICKER: { description: 'Stock Ticker: dice move six stocks; trading windows between rolls.' },
    BOLSA: { description: 'BOLSA: a year of secret monthly plans, lotteries and the newspaper.' },
    MAXI_BOURSE: { description: 'Maxi Bourse: a trading floor of 40 companies, rounds of bidding, auctions and secret rumours.' },
  },
});
