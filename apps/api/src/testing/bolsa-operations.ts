/** BOLSA GraphQL documents shared by the API tests. */

export const BOLSA_OUTCOME_FIELDS = `
  gameId
  revision
  alreadyApplied
  events { id position revision type data actor commandId }
  game { id phase month eventCount lastPosition }
`;

export const CREATE_BOLSA_GAME = `mutation CreateBolsa($input: CreateBolsaGameInput!) { createBolsaGame(input: $input) { ${BOLSA_OUTCOME_FIELDS} } }`;
export const JOIN_BOLSA_GAME = `mutation JoinBolsa($input: JoinBolsaGameInput!) { joinBolsaGame(input: $input) { ${BOLSA_OUTCOME_FIELDS} } }`;
export const START_BOLSA_GAME = `mutation StartBolsa($input: StartBolsaGameInput!) { startBolsaGame(input: $input) { ${BOLSA_OUTCOME_FIELDS} } }`;
export const SUBMIT_BOLSA_PLAN = `mutation SubmitPlan($input: SubmitBolsaPlanInput!) { submitBolsaPlan(input: $input) { ${BOLSA_OUTCOME_FIELDS} } }`;
export const CLOSE_BOLSA_PLANNING = `mutation ClosePlanning($input: CloseBolsaPlanningInput!) { closeBolsaPlanning(input: $input) { ${BOLSA_OUTCOME_FIELDS} } }`;
export const CHOOSE_BOLSA_CARD = `mutation ChooseCard($input: ChooseBolsaNewspaperCardInput!) { chooseBolsaNewspaperCard(input: $input) { ${BOLSA_OUTCOME_FIELDS} } }`;

export const BOLSA_MONTH_FIELDS = `
  month monthName quarter monthOfQuarter phase deadline timed planned awaiting excluded readers readersWhoChose deckSize lastPosition
  suspended
  plans { playerId plan { sell { company shares } buy { company shares } newspaper markers } }
  myHand { drawn { id } chosen { id } }
  previousMonth { month excluded plans { playerId plan { sell { company shares } buy { company shares } newspaper } } cardsPlayed { playerId card { id } } }
`;

export const BOLSA_STATUS = `query BolsaStatus($id: ID!) {
  bolsaGame(id: $id) { id phase month eventCount lastPosition currentMonth { ${BOLSA_MONTH_FIELDS} } }
}`;

export const BOLSA_LEGAL_ACTIONS = `query BolsaActions($id: ID!, $playerId: ID!) {
  bolsaGame(id: $id) {
    legalActions(playerId: $playerId) { type maxMarkers sellable { company shares } buyable deadline cards { id headline } }
  }
}`;

export const BOLSA_EVENTS_PAGE = `query BolsaEvents($id: ID!, $first: Int!, $after: String) {
  bolsaGame(id: $id) {
    events(first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id position revision type data actor commandId } }
    }
  }
}`;

export const BOLSA_GAME_AT = `query BolsaAt($id: ID!, $position: SafeInt, $revision: Int) {
  bolsaGameAt(id: $id, position: $position, revision: $revision) {
    gameId position revision phase month state
    prices { company price }
    players { playerId cash shares { company shares } hasSubmittedPlan }
  }
}`;

export const BOLSA_FULL = `query BolsaFull($id: ID!) {
  bolsaGame(id: $id) {
    id phase month lastMonth league winners eventCount
    viewer { kind playerId }
    options { planningSeconds timedFromMonth lastMonth lotteryRotation }
    standings { playerId rank cash }
    board { month lastPosition companies { company price level dividend available trend suspended monthly { month price } moves { month price cause } board { name priceGrid dividendGrid } } }
    portfolios { playerId name seat cash worth rank excludedMonths holdings { company shares value dividend paid { price shares } } }
    state
  }
}`;

export interface BolsaOutcomeEvent {
  readonly id: string;
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
  readonly actor: string;
  readonly commandId: string;
}

export interface BolsaOutcome {
  readonly gameId: string;
  readonly revision: number | null;
  readonly alreadyApplied: boolean;
  readonly events: BolsaOutcomeEvent[];
  readonly game: { id: string; phase: string; month: number; eventCount: number; lastPosition: number };
}

export interface BolsaPlanView {
  readonly sell: { company: string; shares: number }[];
  readonly buy: { company: string; shares: number }[];
  readonly newspaper: number;
  readonly markers?: number;
}

export interface BolsaMonthView {
  readonly month: number;
  readonly monthName: string;
  readonly quarter: number;
  readonly monthOfQuarter: number;
  readonly phase: string;
  readonly deadline: string | null;
  readonly timed: boolean;
  readonly planned: string[];
  readonly awaiting: string[];
  readonly excluded: string[];
  readonly readers: string[];
  readonly readersWhoChose: string[];
  readonly deckSize: number;
  readonly lastPosition: number;
  readonly suspended: string[];
  readonly plans: { playerId: string; plan: BolsaPlanView }[];
  readonly myHand: { drawn: { id: string }[]; chosen: { id: string } | null } | null;
  readonly previousMonth: { month: number; excluded: string[]; plans: { playerId: string; plan: BolsaPlanView }[]; cardsPlayed: { playerId: string | null; card: { id: string } }[] } | null;
}

export interface BolsaStatus {
  readonly bolsaGame: { id: string; phase: string; month: number; eventCount: number; lastPosition: number; currentMonth: BolsaMonthView | null } | null;
}

export interface BolsaLegalActionView {
  readonly type: 'JOIN_GAME' | 'START_GAME' | 'SUBMIT_PLAN' | 'CHOOSE_NEWSPAPER_CARD';
  readonly maxMarkers: number | null;
  readonly sellable: { company: string; shares: number }[];
  readonly buyable: string[];
  readonly deadline: string | null;
  readonly cards: { id: string; headline: string }[];
}

export interface BolsaEventsPage {
  readonly bolsaGame: {
    readonly events: {
      readonly totalCount: number;
      readonly pageInfo: { hasNextPage: boolean; endCursor: string | null };
      readonly edges: { node: BolsaOutcomeEvent }[];
    };
  } | null;
}

export type MarkerInput = { action: 'SELL' | 'BUY'; company: string } | { action: 'NEWSPAPER' };
