/**
 * Plays a short Maxi Bourse table over the API for the browser tests (a game still in play: the demo
 * seed's Maxi Bourse game is finished): two demo players join under their account ids, the organiser
 * starts it, then each awaited player makes a plain move (first company in the draft, roll, pass, bid
 * nothing, pay) for a bounded number of moves.
 */

export type Call = <T>(query: string, variables: Record<string, unknown>, token: string) => Promise<T>;

interface LegalAction {
  readonly type: string;
  readonly companies: readonly string[];
  readonly company: string | null;
  readonly maxLots: number | null;
}

const MOVES: Readonly<Record<string, { mutation: string; input: (action: LegalAction) => Record<string, unknown> }>> = {
  PICK_STARTING_COMPANY: { mutation: 'pickMaxiBourseCompany', input: (action) => ({ company: action.companies[0] }) },
  ROLL_DICE: { mutation: 'rollMaxiBourseDice', input: () => ({}) },
  PASS_SHARE_SPACE: { mutation: 'passMaxiBourseShareSpace', input: () => ({}) },
  SKIP_DOUBLE_PURCHASE: { mutation: 'skipMaxiBourseDoublePurchase', input: () => ({}) },
  DECLARE_BID: { mutation: 'declareMaxiBourseBid', input: () => ({ lots: 0 }) },
  ANSWER_AUCTION: { mutation: 'answerMaxiBourseAuction', input: () => ({ stay: false }) },
  ANSWER_SALE_OFFER: { mutation: 'answerMaxiBourseSaleOffer', input: () => ({ lots: 0 }) },
  PAY_FOR_SHARES: { mutation: 'payMaxiBourseShares', input: () => ({}) },
};

/**
 * Moves made only when no plain one is offered: a player who must raise cash (a Strictly Personal card,
 * a debt) offers shares, one lot at a time, so the table never stalls on an obligation.
 */
const FALLBACK_MOVES: Readonly<Record<string, { mutation: string; input: (action: LegalAction) => Record<string, unknown> }>> = {
  OFFER_SHARES: { mutation: 'offerMaxiBourseShares', input: (action) => ({ company: action.company, lots: 1 }) },
};

const INPUT_TYPES: Readonly<Record<string, string>> = {
  pickMaxiBourseCompany: 'PickMaxiBourseCompanyInput',
  rollMaxiBourseDice: 'RollMaxiBourseDiceInput',
  passMaxiBourseShareSpace: 'PassMaxiBourseShareSpaceInput',
  skipMaxiBourseDoublePurchase: 'SkipMaxiBourseDoublePurchaseInput',
  declareMaxiBourseBid: 'DeclareMaxiBourseBidInput',
  answerMaxiBourseAuction: 'AnswerMaxiBourseAuctionInput',
  answerMaxiBourseSaleOffer: 'AnswerMaxiBourseSaleOfferInput',
  payMaxiBourseShares: 'PayMaxiBourseSharesInput',
  offerMaxiBourseShares: 'OfferMaxiBourseSharesInput',
};

export interface MaxiBourseTable {
  readonly gameId: string;
  readonly moves: number;
}

/** `players`: account id -> session token; `referee`: the organiser's token. */
export async function playMaxiBourseTable(
  call: Call,
  gameId: string,
  league: string,
  referee: string,
  players: ReadonlyMap<string, { name: string; token: string }>,
  maxMoves = 24,
): Promise<MaxiBourseTable> {
  await call(`mutation($input: CreateMaxiBourseGameInput!) { createMaxiBourseGame(input: $input) { gameId } }`, { input: { gameId, league, options: { variant: 'JUNIOR', turnLimit: 4 } } }, referee);
  for (const [playerId, player] of players) {
    await call(`mutation($input: JoinMaxiBourseGameInput!) { joinMaxiBourseGame(input: $input) { gameId } }`, { input: { gameId, playerId, name: player.name } }, player.token);
  }
  await call(`mutation($input: StartMaxiBourseGameInput!) { startMaxiBourseGame(input: $input) { gameId } }`, { input: { gameId } }, referee);
  return { gameId, moves: await playMaxiBourseMoves(call, gameId, referee, players, maxMoves) };
}

/** Up to `maxMoves` plain moves of the awaited players; the number made (fewer when no plain move is left). */
export async function playMaxiBourseMoves(
  call: Call,
  gameId: string,
  referee: string,
  players: ReadonlyMap<string, { name: string; token: string }>,
  maxMoves: number,
): Promise<number> {
  let moves = 0;
  while (moves < maxMoves) {
    const { maxiBourseGame } = await call<{ maxiBourseGame: { pendingDecision: { awaiting: string[] } | null } }>(
      `query($id: ID!) { maxiBourseGame(id: $id) { pendingDecision { awaiting } } }`,
      { id: gameId },
      referee,
    );
    const playerId = maxiBourseGame.pendingDecision?.awaiting[0];
    const player = playerId === undefined ? undefined : players.get(playerId);
    if (playerId === undefined || player === undefined) break;
    const { maxiBourseGame: own } = await call<{ maxiBourseGame: { legalActions: LegalAction[] } }>(
      `query($id: ID!, $playerId: ID!) { maxiBourseGame(id: $id) { legalActions(playerId: $playerId) { type companies company maxLots } } }`,
      { id: gameId, playerId },
      player.token,
    );
    const action =
      own.legalActions.find((candidate) => MOVES[candidate.type] !== undefined) ??
      own.legalActions.find((candidate) => FALLBACK_MOVES[candidate.type] !== undefined);
    const move = action === undefined ? undefined : (MOVES[action.type] ?? FALLBACK_MOVES[action.type]);
    if (action === undefined || move === undefined) break;
    const inputType = INPUT_TYPES[move.mutation];
    await call(`mutation($input: ${inputType}!) { ${move.mutation}(input: $input) { gameId } }`, { input: { gameId, playerId, ...move.input(action) } }, player.token);
    moves += 1;
  }
  return moves;
}
