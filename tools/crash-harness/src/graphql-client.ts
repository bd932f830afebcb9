export interface GraphQLError {
  readonly message: string;
  readonly extensions?: { readonly code?: string; readonly domainCode?: string };
}

export interface OutcomeEvent {
  readonly id: string;
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly commandId: string;
}

export interface Outcome {
  readonly gameId: string;
  readonly alreadyApplied: boolean;
  readonly events: readonly OutcomeEvent[];
}

/** What became of a request: an answer (data or errors), or no answer at all (the server went away). */
export type Reply<Data> =
  | { readonly kind: 'answer'; readonly status: number; readonly data: Data | null | undefined; readonly errors: readonly GraphQLError[] | undefined }
  | { readonly kind: 'lost'; readonly reason: string };

export async function gql<Data>(url: string, token: string | undefined, query: string, variables: Readonly<Record<string, unknown>>): Promise<Reply<Data>> {
  try {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json()) as { data?: Data | null; errors?: GraphQLError[] };
    return { kind: 'answer', status: response.status, data: body.data, errors: body.errors };
  } catch (error) {
    return { kind: 'lost', reason: error instanceof Error ? error.message : String(error) };
  }
}

/** Same, throwing on anything but data. */
export async function data<Data>(url: string, token: string | undefined, query: string, variables: Readonly<Record<string, unknown>> = {}): Promise<Data> {
  const reply = await gql<Data>(url, token, query, variables);
  if (reply.kind === 'lost') throw new Error(`no answer: ${reply.reason}`);
  if (reply.errors?.length || reply.data === null || reply.data === undefined) throw new Error(`GraphQL errors: ${JSON.stringify(reply.errors)}`);
  return reply.data;
}

const OUTCOME = `gameId alreadyApplied events { id position revision type commandId }`;

export const OPERATIONS = {
  signUp: `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { token account { id } } }`,
  create: `mutation Create($input: CreateStockTickerGameInput!) { createStockTickerGame(input: $input) { ${OUTCOME} } }`,
  join: `mutation Join($input: JoinGameInput!) { joinGame(input: $input) { ${OUTCOME} } }`,
  start: `mutation Start($input: StartGameInput!) { startGame(input: $input) { ${OUTCOME} } }`,
  buy: `mutation Buy($input: BuySharesInput!) { buyShares(input: $input) { ${OUTCOME} } }`,
  sell: `mutation Sell($input: SellSharesInput!) { sellShares(input: $input) { ${OUTCOME} } }`,
  finish: `mutation Finish($input: FinishTradingInput!) { finishTrading(input: $input) { ${OUTCOME} } }`,
  roll: `mutation Roll($input: RollDiceInput!) { rollDice(input: $input) { ${OUTCOME} } }`,
} as const;

export type OperationName = Exclude<keyof typeof OPERATIONS, 'signUp'>;

export const MUTATION_FIELD: Readonly<Record<OperationName, string>> = {
  create: 'createStockTickerGame',
  join: 'joinGame',
  start: 'startGame',
  buy: 'buyShares',
  sell: 'sellShares',
  finish: 'finishTrading',
  roll: 'rollDice',
};

export const GAME_STATUS = `query Status($id: ID!, $playerId: ID!) {
  game(id: $id) { phase players { playerId } legalActions(playerId: $playerId) { type stock maxShares lot } }
}`;

export interface GameStatus {
  readonly game: {
    readonly phase: string;
    readonly players: readonly { readonly playerId: string }[];
    readonly legalActions: readonly { readonly type: string; readonly stock: string | null; readonly maxShares: number | null; readonly lot: number | null }[];
  } | null;
}

export const SERVED_GAME = `query Served($id: ID!) {
  game(id: $id) { phase eventCount portfolios { playerId cash loan holdings { stock shares } } priceBoard { stocks { stock price } } }
}`;

export interface ServedGame {
  readonly game: {
    readonly phase: string;
    readonly eventCount: number;
    readonly portfolios: readonly { readonly playerId: string; readonly cash: number; readonly loan: number; readonly holdings: readonly { readonly stock: string; readonly shares: number }[] }[];
    readonly priceBoard: { readonly stocks: readonly { readonly stock: string; readonly price: number }[] } | null;
  } | null;
}
