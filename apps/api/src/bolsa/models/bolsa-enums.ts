import { registerEnumType } from '@nestjs/graphql';
import type { BolsaAction, BolsaPhase, CompanyColour, CompanyId, CompanyRisk, LotteryRotation } from '@corbeille/bolsa';
import type { BolsaLedgerKind, BolsaPriceCause } from '@corbeille/projections';

/** GraphQL enums mirror the engine's names; `satisfies` keeps them in step with its contract. */
export const BolsaCompany = {
  CEREAL: 'CEREAL',
  BIOTECH: 'BIOTECH',
  INDUSTRIAL: 'INDUSTRIAL',
  ENERGY: 'ENERGY',
  PHONE: 'PHONE',
  BANCA: 'BANCA',
} as const satisfies { [Id in CompanyId]: Id };

export const BOLSA_COMPANIES: readonly CompanyId[] = Object.values(BolsaCompany);

registerEnumType(BolsaCompany, { name: 'BolsaCompany', description: 'A BOLSA company board (CEREAL SA, BIOTECH SA, ...).' });

export type BolsaPhaseValue = Exclude<BolsaPhase, 'uncreated'>;

export const BolsaGamePhase = {
  LOBBY: 'lobby',
  SETUP: 'setup',
  PLANNING: 'planning',
  TRADING: 'trading',
  NEWSPAPER: 'newspaper',
  FINISHED: 'finished',
} as const satisfies Record<string, BolsaPhaseValue>;

export const BOLSA_PHASES: readonly BolsaPhaseValue[] = Object.values(BolsaGamePhase);

registerEnumType(BolsaGamePhase, {
  name: 'BolsaPhase',
  description: 'Where a BOLSA game is in its month.',
  valuesMap: {
    LOBBY: { description: 'Players are joining; the game has not started.' },
    SETUP: { description: 'Shares are being dealt and opening prices set (never waits for anyone).' },
    PLANNING: { description: 'Step 4: the players plan in secret until the deadline.' },
    TRADING: { description: 'Steps 5-8: the revealed plans are carried out (never waits for anyone).' },
    NEWSPAPER: { description: 'Step 9: the readers choose their newspaper card.' },
    FINISHED: { description: 'The year is over: dividends paid, shares sold, players ranked.' },
  },
});

export const BolsaLotteryRotation = { NEXT_SEAT: 'next-seat', PREVIOUS_SEAT: 'previous-seat' } as const satisfies Record<string, LotteryRotation>;
export const LOTTERY_ROTATIONS: readonly LotteryRotation[] = Object.values(BolsaLotteryRotation);

registerEnumType(BolsaLotteryRotation, {
  name: 'BolsaLotteryRotation',
  description: 'Step 7: who draws next in a lottery.',
  valuesMap: {
    NEXT_SEAT: { description: 'The next seat in seat order (the book example: A, then B, then C).' },
    PREVIOUS_SEAT: { description: 'The previous seat in seat order.' },
  },
});

export const BolsaMarkerAction = { SELL: 'SELL', BUY: 'BUY', NEWSPAPER: 'NEWSPAPER' } as const;
export type BolsaMarkerActionValue = (typeof BolsaMarkerAction)[keyof typeof BolsaMarkerAction];

registerEnumType(BolsaMarkerAction, {
  name: 'BolsaMarkerAction',
  description: 'Step 4: what a marker on the player card stands for.',
  valuesMap: {
    SELL: { description: 'Sell one share of the company.' },
    BUY: { description: 'Buy one share of the company.' },
    NEWSPAPER: { description: 'One marker on the newspaper area (no company).' },
  },
});

export const BolsaActionType = {
  JOIN_GAME: 'JoinGame',
  START_GAME: 'StartGame',
  SUBMIT_PLAN: 'SubmitPlan',
  CHOOSE_NEWSPAPER_CARD: 'ChooseNewspaperCard',
} as const satisfies Record<string, BolsaAction['type']>;
export type BolsaActionTypeValue = BolsaAction['type'];

registerEnumType(BolsaActionType, { name: 'BolsaActionType', description: 'A kind of move a BOLSA player may make now.' });

export const BolsaLedgerKindEnum = {
  SALE: 'SALE',
  PURCHASE: 'PURCHASE',
  LOTTERY_DRAW: 'LOTTERY_DRAW',
  DIVIDEND: 'DIVIDEND',
  LIQUIDATION: 'LIQUIDATION',
} as const satisfies { [Kind in BolsaLedgerKind]: Kind };
export const BOLSA_LEDGER_KINDS: readonly BolsaLedgerKind[] = Object.values(BolsaLedgerKindEnum);

registerEnumType(BolsaLedgerKindEnum, {
  name: 'BolsaLedgerKind',
  valuesMap: {
    SALE: { description: 'Step 5: shares sold at the blue price.' },
    PURCHASE: { description: 'Step 6 or 7: shares bought at the blue price (from the board or won in a lottery).' },
    LOTTERY_DRAW: { description: 'Step 7: one share drawn from the pile, real or blank.' },
    DIVIDEND: { description: 'End of Year: dividends paid on the closing price.' },
    LIQUIDATION: { description: 'End of Year: every share sold at the closing price.' },
  },
});

export const BolsaPriceCauseEnum = {
  OPENING: 'opening',
  QUARTER: 'quarter',
  TRADING: 'trading',
  NEWSPAPER: 'newspaper',
} as const satisfies Record<string, BolsaPriceCause>;

registerEnumType(BolsaPriceCauseEnum, {
  name: 'BolsaPriceCause',
  description: 'What moved a blue marker.',
  valuesMap: {
    OPENING: { description: 'Preparing to Play: the opening trend die.' },
    QUARTER: { description: 'Step 3: the balance of the quarter’s trend cubes.' },
    TRADING: { description: 'Step 8: the yellow marker of the month’s sales and purchases.' },
    NEWSPAPER: { description: 'Step 9: a newspaper card.' },
  },
});

export const BolsaColour = {
  YELLOW: 'yellow',
  GREEN: 'green',
  RED: 'red',
  BLUE: 'blue',
  PURPLE: 'purple',
  BLACK: 'black',
} as const satisfies { [Key in Uppercase<CompanyColour>]: Lowercase<Key> };
registerEnumType(BolsaColour, { name: 'BolsaColour' });

export const BolsaRisk = { LOW: 'low', MEDIUM: 'medium', HIGH: 'high' } as const satisfies { [Key in Uppercase<CompanyRisk>]: Lowercase<Key> };
registerEnumType(BolsaRisk, { name: 'BolsaRisk' });
