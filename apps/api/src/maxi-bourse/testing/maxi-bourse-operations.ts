/** Maxi Bourse GraphQL documents shared by the API tests. */

/** Each mutation and the input type it takes. */
export const MAXI_BOURSE_MUTATIONS = {
  createMaxiBourseGame: 'CreateMaxiBourseGameInput',
  joinMaxiBourseGame: 'JoinMaxiBourseGameInput',
  startMaxiBourseGame: 'StartMaxiBourseGameInput',
  pickMaxiBourseCompany: 'PickMaxiBourseCompanyInput',
  rollMaxiBourseDice: 'RollMaxiBourseDiceInput',
  offerMaxiBourseShares: 'OfferMaxiBourseSharesInput',
  answerMaxiBourseSaleOffer: 'AnswerMaxiBourseSaleOfferInput',
  requestMaxiBourseShares: 'RequestMaxiBourseSharesInput',
  quoteMaxiBoursePremium: 'QuoteMaxiBoursePremiumInput',
  declineMaxiBourseShareRequest: 'DeclineMaxiBourseShareRequestInput',
  answerMaxiBoursePremium: 'AnswerMaxiBoursePremiumInput',
  closeMaxiBoursePremiumSale: 'CloseMaxiBoursePremiumSaleInput',
  buyMaxiBourseOnDouble: 'BuyMaxiBourseOnDoubleInput',
  skipMaxiBourseDoublePurchase: 'SkipMaxiBourseDoublePurchaseInput',
  chooseMaxiBourseCompany: 'ChooseMaxiBourseCompanyInput',
  passMaxiBourseShareSpace: 'PassMaxiBourseShareSpaceInput',
  declareMaxiBourseBid: 'DeclareMaxiBourseBidInput',
  answerMaxiBourseAuction: 'AnswerMaxiBourseAuctionInput',
  payMaxiBourseShares: 'PayMaxiBourseSharesInput',
  revealMaxiBourseRumour: 'RevealMaxiBourseRumourInput',
  closeMaxiBourseSession: 'CloseMaxiBourseSessionInput',
} as const;

export type MaxiBourseMutation = keyof typeof MAXI_BOURSE_MUTATIONS;

export const DECISION_FIELDS = `
  phase kind tableTurn roller dice awaiting pending company price lots round seller buyer payer creditor amount
  bids { playerId lots basis } bidders { playerId lots } answered responders answers { playerId lots }
  quote acceptedPrice mode cardId picks lastPosition
`;

export const MAXI_BOURSE_OUTCOME_FIELDS = `
  gameId
  revision
  alreadyApplied
  events { id position revision type data actor commandId }
  game { id phase tableTurn eventCount lastPosition pendingDecision { ${DECISION_FIELDS} } }
`;

export function mutationDocument(mutation: MaxiBourseMutation): string {
  return `mutation Move($input: ${MAXI_BOURSE_MUTATIONS[mutation]}!) { ${mutation}(input: $input) { ${MAXI_BOURSE_OUTCOME_FIELDS} } }`;
}

export const LEGAL_ACTION_FIELDS = `
  type companies company maxLots lots price minPrice maxPrice step sellerId amount atMarketPrice cardId delta
  card { id series text effects { kind company delta } }
`;

export const MAXI_BOURSE_LEGAL_ACTIONS = `query MaxiBourseActions($id: ID!, $playerId: ID!) {
  maxiBourseGame(id: $id) { legalActions(playerId: $playerId) { ${LEGAL_ACTION_FIELDS} } }
}`;

export const MAXI_BOURSE_STATUS = `query MaxiBourseStatus($id: ID!) {
  maxiBourseGame(id: $id) { id phase tableTurn eventCount lastPosition pendingDecision { ${DECISION_FIELDS} } }
}`;

export const MAXI_BOURSE_EVENTS_PAGE = `query MaxiBourseEvents($id: ID!, $first: Int!, $after: String) {
  maxiBourseGame(id: $id) {
    events(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id position revision type data actor commandId } }
    }
  }
}`;

export const MAXI_BOURSE_GAME_AT = `query MaxiBourseAt($id: ID!, $position: SafeInt, $revision: Int) {
  maxiBourseGameAt(id: $id, position: $position, revision: $revision) {
    gameId position revision phase tableTurn roller state
    prices { company price }
    players { playerId name cash holdings { company shares } position rumourCount rumours ruined }
  }
}`;

export const PORTFOLIO_FIELDS = `
  playerId name seat cash shareValue worth rumourCount missedTurns ruined rank
  holdings { company shares value }
  rumours { id series text effects { kind company delta } }
`;

export const MAXI_BOURSE_FULL = `query MaxiBourseFull($id: ID!) {
  maxiBourseGame(id: $id) {
    id phase tableTurn turnLimit league winners eventCount endReason
    viewer { kind playerId }
    options { variant turnLimit maxPlayers }
    board { variant trackLength tableTurn roller dice lastPosition spaces { index ring kind company series } pawns { playerId seat position circuits missedTurns ruined space { index kind company series } } }
    priceBoard { tableTurn lastPosition companies { company name sector nominal price bankShares history { position tableTurn price cause } } }
    portfolios { ${PORTFOLIO_FIELDS} }
    pendingDecision { ${DECISION_FIELDS} }
    payouts { playerId circuit tableTurn dividend dividendShares directorsFees { company price amount } horizontalBonuses { sector companies amount } verticalBonuses { companies amount } total }
    standings { playerId name rank cash shareValue total winner }
    ledger(first: 100) { totalCount edges { node { kind playerId buyer seller company lots shares price amount via tableTurn } } }
    state
  }
}`;

export interface OutcomeEvent {
  readonly id: string;
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly actor: string;
  readonly commandId: string;
}

export interface DecisionView {
  readonly phase: string | null;
  readonly kind: string;
  readonly tableTurn: number;
  readonly roller: string | null;
  readonly awaiting: string[];
  readonly pending: string[];
  readonly company: string | null;
  readonly price: number | null;
  readonly lots: number | null;
  readonly seller: string | null;
  readonly buyer: string | null;
  readonly payer: string | null;
  readonly bidders: { playerId: string; lots: number }[];
  readonly answered: string[];
  readonly quote: number | null;
  readonly lastPosition: number;
}

export interface GameStatus {
  readonly id: string;
  readonly phase: string;
  readonly tableTurn: number;
  readonly eventCount: number;
  readonly lastPosition: number;
  readonly pendingDecision: DecisionView | null;
}

export interface MaxiBourseOutcome {
  readonly gameId: string;
  readonly revision: number | null;
  readonly alreadyApplied: boolean;
  readonly events: OutcomeEvent[];
  readonly game: GameStatus;
}

export interface LegalActionView {
  readonly type: string;
  readonly companies: string[];
  readonly company: string | null;
  readonly maxLots: number | null;
  readonly lots: number | null;
  readonly price: number | null;
  readonly minPrice: number | null;
  readonly maxPrice: number | null;
  readonly step: number | null;
  readonly sellerId: string | null;
  readonly amount: number | null;
  readonly atMarketPrice: boolean | null;
  readonly cardId: string | null;
  readonly delta: number | null;
  readonly card: { id: string; series: string; text: string } | null;
}

export interface EventsPage {
  readonly maxiBourseGame: {
    readonly events: {
      readonly totalCount: number;
      readonly pageInfo: { hasNextPage: boolean; endCursor: string | null };
      readonly edges: { node: OutcomeEvent }[];
    };
  } | null;
}

export interface PortfolioView {
  readonly playerId: string;
  readonly cash: number;
  readonly worth: number;
  readonly rumourCount: number;
  readonly rank: number | null;
  readonly holdings: { company: string; shares: number; value: number }[];
  readonly rumours: { id: string; series: string }[] | null;
}

export interface SnapshotView {
  readonly gameId: string;
  readonly position: number;
  readonly revision: number;
  readonly phase: string;
  readonly tableTurn: number | null;
  readonly roller: string | null;
  readonly state: unknown;
  readonly prices: { company: string; price: number }[];
  readonly players: { playerId: string; cash: number; position: number; rumourCount: number; rumours: string[] | null }[];
}
