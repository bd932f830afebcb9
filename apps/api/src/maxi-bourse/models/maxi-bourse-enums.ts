import { registerEnumType } from '@nestjs/graphql';
import { maxiBourseContent, type CardSeries, type EndReason, type MaxiBourseAction, type MaxiBoursePhase, type VariantName } from '@corbeille/maxi-bourse';
import type { MaxiBourseDecisionKind, MaxiBourseLedgerKind, MaxiBoursePriceCause } from '@corbeille/projections';

/** GraphQL enums mirror the engine's names; `satisfies` keeps them in step with its contract. */

/** The 40 companies of the price board, named as the content tables name them (so they never drift apart). */
export const MaxiBourseCompany: Readonly<Record<string, string>> = Object.fromEntries(
  maxiBourseContent.companies.map((company) => [company.id, company.id]),
);
export const MAXI_BOURSE_COMPANIES: readonly string[] = Object.values(MaxiBourseCompany);

registerEnumType(MaxiBourseCompany, {
  name: 'MaxiBourseCompany',
  description: 'A company of the Maxi Bourse price board.',
  valuesMap: Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, { description: company.name }])),
});

export const MaxiBourseSector: Readonly<Record<string, string>> = Object.fromEntries(maxiBourseContent.sectors.map((sector) => [sector.id, sector.id]));

registerEnumType(MaxiBourseSector, {
  name: 'MaxiBourseSector',
  description: 'A business sector (IV, profit allocations).',
  valuesMap: Object.fromEntries(maxiBourseContent.sectors.map((sector) => [sector.id, { description: sector.name }])),
});

export const MaxiBourseCardSeries = {
  STOCK_EXCHANGE: 'STOCK_EXCHANGE',
  DOMESTIC_POLITICS: 'DOMESTIC_POLITICS',
  INTERNATIONAL_POLITICS: 'INTERNATIONAL_POLITICS',
  RUMOURS: 'RUMOURS',
  STRICTLY_PERSONAL: 'STRICTLY_PERSONAL',
} as const satisfies { [Series in CardSeries]: Series };

registerEnumType(MaxiBourseCardSeries, { name: 'MaxiBourseCardSeries', description: 'A pile of cards (III.3 to III.6).' });

export const MaxiBourseVariant = { JUNIOR: 'junior', SENIOR: 'senior', MASTERS: 'masters' } as const satisfies {
  [Key in Uppercase<VariantName>]: Lowercase<Key>;
};
export const MAXI_BOURSE_VARIANTS: readonly VariantName[] = Object.values(MaxiBourseVariant);

registerEnumType(MaxiBourseVariant, {
  name: 'MaxiBourseVariant',
  description: 'The games of IV.6: the rings of the spiral played, the cheques and the starting portfolio.',
  valuesMap: {
    JUNIOR: { description: 'Ring 1 (20 spaces), 5 M$, 5 starting companies.' },
    SENIOR: { description: 'Rings 1 and 2 (37 spaces), 10 M$, 7 starting companies.' },
    MASTERS: { description: 'The whole spiral (50 spaces), 15 M$, 10 starting companies.' },
  },
});

export type MaxiBoursePhaseValue = Exclude<MaxiBoursePhase, 'uncreated'>;

export const MaxiBourseGamePhase = {
  LOBBY: 'lobby',
  DRAFTING: 'drafting',
  PLAYING: 'playing',
  FINISHED: 'finished',
} as const satisfies { [Key in Uppercase<MaxiBoursePhaseValue>]: Lowercase<Key> };
export const MAXI_BOURSE_PHASES: readonly MaxiBoursePhaseValue[] = Object.values(MaxiBourseGamePhase);

registerEnumType(MaxiBourseGamePhase, {
  name: 'MaxiBoursePhase',
  description: 'Where a Maxi Bourse session is.',
  valuesMap: {
    LOBBY: { description: 'Players are joining; the banker has not opened the session.' },
    DRAFTING: { description: 'I: the starting portfolios are picked, one company at a time in seat order.' },
    PLAYING: { description: 'II: turns of play around the table.' },
    FINISHED: { description: 'V: the session is closed and the portfolios valued.' },
  },
});

export const MaxiBourseActionType = {
  JOIN_GAME: 'JoinGame',
  START_GAME: 'StartGame',
  PICK_STARTING_COMPANY: 'PickStartingCompany',
  ROLL_DICE: 'RollDice',
  OFFER_SHARES: 'OfferShares',
  ANSWER_SALE_OFFER: 'AnswerSaleOffer',
  REQUEST_SHARES: 'RequestShares',
  QUOTE_PREMIUM_PRICE: 'QuotePremiumPrice',
  DECLINE_SHARE_REQUEST: 'DeclineShareRequest',
  ANSWER_PREMIUM_PRICE: 'AnswerPremiumPrice',
  CLOSE_PREMIUM_SALE: 'ClosePremiumSale',
  BUY_ON_DOUBLE: 'BuyOnDouble',
  SKIP_DOUBLE_PURCHASE: 'SkipDoublePurchase',
  CHOOSE_SHARE_COMPANY: 'ChooseShareCompany',
  PASS_SHARE_SPACE: 'PassShareSpace',
  DECLARE_BID: 'DeclareBid',
  ANSWER_AUCTION: 'AnswerAuction',
  PAY_FOR_SHARES: 'PayForShares',
  REVEAL_RUMOUR: 'RevealRumour',
} as const satisfies Record<string, MaxiBourseAction['type']>;

type NamedActionType = (typeof MaxiBourseActionType)[keyof typeof MaxiBourseActionType];
/** Every engine action type has a GraphQL name (otherwise this is `never` and the mapper does not compile). */
export type MaxiBourseActionTypeValue = MaxiBourseAction['type'] extends NamedActionType ? NamedActionType : never;

registerEnumType(MaxiBourseActionType, { name: 'MaxiBourseActionType', description: 'A kind of move a Maxi Bourse player may make now.' });

export const MaxiBourseLedgerKindEnum = {
  MARKET_PURCHASE: 'MARKET_PURCHASE',
  BEST_PURCHASE: 'BEST_PURCHASE',
  AUCTION: 'AUCTION',
  SALE: 'SALE',
  BANK_PURCHASE: 'BANK_PURCHASE',
  PREMIUM_SALE: 'PREMIUM_SALE',
  SEIZURE: 'SEIZURE',
  PAYMENT: 'PAYMENT',
} as const satisfies { [Kind in MaxiBourseLedgerKind]: Kind };
export const MAXI_BOURSE_LEDGER_KINDS: readonly MaxiBourseLedgerKind[] = Object.values(MaxiBourseLedgerKindEnum);

registerEnumType(MaxiBourseLedgerKindEnum, {
  name: 'MaxiBourseLedgerKind',
  valuesMap: {
    MARKET_PURCHASE: { description: 'III.1-5, III.7: bought from the Share Service at market price (the lander, or on a double).' },
    BEST_PURCHASE: { description: 'III.1-5: bought from the Share Service "at best", at the round’s last price.' },
    AUCTION: { description: 'III.1-6, III.2: an auction’s result, at the price the stayers accepted.' },
    SALE: { description: 'III.2: shares offered by a player (or seized shares resold) and bought by another player.' },
    BANK_PURCHASE: { description: 'III.2, III.6: shares nobody wanted, bought by the Share Service.' },
    PREMIUM_SALE: { description: 'III.2: a private sale on request, above the market price.' },
    SEIZURE: { description: 'III.8: shares an insolvent player wished to acquire, seized by the banker.' },
    PAYMENT: { description: 'A purchase paid: the shares and the money change hands.' },
  },
});

export const MaxiBoursePriceCauseEnum = {
  OPENING: 'opening',
  BID: 'bid',
  AUCTION: 'auction',
  SALE: 'sale',
  BANK: 'bank',
  CARD: 'card',
  RUMOUR: 'rumour',
} as const satisfies { [Key in Uppercase<MaxiBoursePriceCause>]: Lowercase<Key> };

registerEnumType(MaxiBoursePriceCauseEnum, {
  name: 'MaxiBoursePriceCause',
  description: 'What set a quotation.',
  valuesMap: {
    OPENING: { description: 'I: the nominal value.' },
    BID: { description: 'III.1-5: +10 $ per lot asked for at best.' },
    AUCTION: { description: 'III.1-6: the clearing price of an auction.' },
    SALE: { description: 'III.2: lowered after a refusal while nobody showed interest.' },
    BANK: { description: 'III.2: the price at which the Share Service bought.' },
    CARD: { description: 'III.3, III.4: a Stock Exchange or Politics card.' },
    RUMOUR: { description: 'III.5: a Rumours card revealed by its holder.' },
  },
});

export const MaxiBourseDecisionKindEnum = {
  START: 'START',
  PICK_STARTING_COMPANY: 'PICK_STARTING_COMPANY',
  ROLL: 'ROLL',
  DOUBLE_PURCHASE: 'DOUBLE_PURCHASE',
  SHARE_SPACE: 'SHARE_SPACE',
  BIDDING: 'BIDDING',
  AUCTION: 'AUCTION',
  PAYMENT: 'PAYMENT',
  RAISING_CASH: 'RAISING_CASH',
  SEIZURE: 'SEIZURE',
  OBLIGATION: 'OBLIGATION',
  SALE: 'SALE',
  PREMIUM_REQUEST: 'PREMIUM_REQUEST',
  NONE: 'NONE',
} as const satisfies { [Kind in MaxiBourseDecisionKind]: Kind };

registerEnumType(MaxiBourseDecisionKindEnum, {
  name: 'MaxiBourseDecisionKind',
  description: 'What the game waits for now.',
  valuesMap: {
    START: { description: 'The lobby: players join, then the banker (referee) opens the session.' },
    PICK_STARTING_COMPANY: { description: 'I: the next player picks a starting company.' },
    ROLL: { description: 'II, III.2: the roller may sell, others may ask for shares, then the roller rolls.' },
    DOUBLE_PURCHASE: { description: 'III.7: after a double the roller may buy 1 or 2 lots at market price.' },
    SHARE_SPACE: { description: 'III.1-4: the lander chooses the company or passes.' },
    BIDDING: { description: 'III.1-3: the next speaker declares 0, 1 or 2 lots.' },
    AUCTION: { description: 'III.1-6: each bidder stays or withdraws at the banker’s price.' },
    PAYMENT: { description: 'The buyer pays for shares (a rumour may still be revealed first, III.5).' },
    RAISING_CASH: { description: 'III.8: a careless buyer sells shares until the debt is covered.' },
    SEIZURE: { description: 'III.8: the banker seizes and resells the shares of an insolvent buyer.' },
    OBLIGATION: { description: 'III.6: a Strictly Personal card makes the player sell shares or pay.' },
    SALE: { description: 'III.2: the next player answers an offer of shares.' },
    PREMIUM_REQUEST: { description: 'III.2: a request for shares: the seller names a price or the buyer answers it.' },
    NONE: { description: 'Nothing: the game has not started or is over.' },
  },
});

export const MaxiBourseEndReasonEnum = {
  TURN_LIMIT: 'TURN_LIMIT',
  ONE_PLAYER_LEFT: 'ONE_PLAYER_LEFT',
  ALL_SHARES_SOLD: 'ALL_SHARES_SOLD',
  TIME_ELAPSED: 'TIME_ELAPSED',
} as const satisfies { [Reason in EndReason]: Reason };

registerEnumType(MaxiBourseEndReasonEnum, {
  name: 'MaxiBourseEndReason',
  description: 'Why the session closed (V).',
  valuesMap: {
    TURN_LIMIT: { description: 'The number of turns chosen in advance has been played.' },
    ONE_PLAYER_LEFT: { description: 'Only one player remains in the running.' },
    ALL_SHARES_SOLD: { description: 'The Share Service holds no shares of any company.' },
    TIME_ELAPSED: { description: 'The banker closed the session: the playing time has elapsed.' },
  },
});

export const MaxiBourseSpaceKind = { SHARE: 'share', CARD: 'card' } as const;
export type MaxiBourseSpaceKindValue = (typeof MaxiBourseSpaceKind)[keyof typeof MaxiBourseSpaceKind];

registerEnumType(MaxiBourseSpaceKind, {
  name: 'MaxiBourseSpaceKind',
  valuesMap: { SHARE: { description: 'A share space: its company is offered (III.1).' }, CARD: { description: 'A card space: its pile is drawn.' } },
});
