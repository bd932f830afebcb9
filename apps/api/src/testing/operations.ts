/** GraphQL documents shared by the API tests. */

export const OUTCOME_FIELDS = `
  gameId
  revision
  alreadyApplied
  events { id position revision type data occurredAt actor commandId }
  game { id phase round eventCount lastPosition }
`;

export const CREATE_GAME = `mutation Create($input: CreateStockTickerGameInput!) {
  createStockTickerGame(input: $input) { ${OUTCOME_FIELDS} }
}`;
export const JOIN_GAME = `mutation Join($input: JoinGameInput!) { joinGame(input: $input) { ${OUTCOME_FIELDS} } }`;
export const START_GAME = `mutation Start($input: StartGameInput!) { startGame(input: $input) { ${OUTCOME_FIELDS} } }`;
export const BUY_SHARES = `mutation Buy($input: BuySharesInput!) { buyShares(input: $input) { ${OUTCOME_FIELDS} } }`;
export const SELL_SHARES = `mutation Sell($input: SellSharesInput!) { sellShares(input: $input) { ${OUTCOME_FIELDS} } }`;
export const FINISH_TRADING = `mutation Finish($input: FinishTradingInput!) { finishTrading(input: $input) { ${OUTCOME_FIELDS} } }`;
export const ROLL_DICE = `mutation Roll($input: RollDiceInput!) { rollDice(input: $input) { ${OUTCOME_FIELDS} } }`;
export const BORROW = `mutation Borrow($input: BorrowInput!) { borrow(input: $input) { ${OUTCOME_FIELDS} } }`;
export const END_GAME = `mutation End($input: EndGameInput!) { endGame(input: $input) { ${OUTCOME_FIELDS} } }`;

export interface OutcomeEvent {
  readonly id: string;
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly occurredAt: string;
  readonly actor: string;
  readonly commandId: string;
}

export interface Outcome {
  readonly gameId: string;
  readonly revision: number | null;
  readonly alreadyApplied: boolean;
  readonly events: OutcomeEvent[];
  readonly game: { id: string; phase: string; round: number; eventCount: number; lastPosition: number };
}

export const EVENT_COUNT = `query Count($id: ID!) { game(id: $id) { eventCount events(first: 1) { totalCount } } }`;

export const EVENTS_PAGE = `query Events($id: ID!, $first: Int!, $after: String) {
  game(id: $id) {
    events(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id position revision type data occurredAt actor commandId } }
    }
  }
}`;

export interface EventsPage {
  readonly game: {
    readonly events: {
      readonly totalCount: number;
      readonly pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
      readonly edges: { cursor: string; node: OutcomeEvent }[];
    };
  } | null;
}
