/**
 * Who may do what: one entry per query, mutation and subscription of the schema. access-matrix.int.spec.ts
 * introspects the schema, so an operation without an entry here fails the test: add it with the roles
 * that may use it. A role "may" when the server does not refuse it with FORBIDDEN or UNAUTHENTICATED
 * (a rule violation or a missing thing still means access was granted).
 *
 * The world of the test: a league organised by the referee (Olga), with the player (Ann, seat p-ann) and
 * the other player (Bob, seat p-bob) as members, one table per game type (Stock Ticker m-st, BOLSA m-bo,
 * Maxi Bourse m-mb), started; a class taught by Olga with Ann and Cleo (`classMember`) as students; a
 * spectator (Eve) signed in but in neither; an API token of Ann's with the READ scope only; a Stock Ticker
 * game outside any league (f-st) created by Fay (`creator`), who named Ned (`namedReferee`) its referee:
 * to the league's games both are strangers. Commands act for p-ann unless `args` says otherwise.
 * Class games, members-only leagues and free games, read and refereed by every role: access/game-visibility.int.spec.ts.
 */
export const ROLES = ['anonymous', 'spectator', 'player', 'otherPlayer', 'referee', 'tokenWithoutScope', 'creator', 'namedReferee', 'classMember'] as const;
export type Role = (typeof ROLES)[number];

/** Ids of the test's world, for entries' arguments. */
export interface WorldIds {
  readonly leagueId: string;
  readonly classId: string;
  readonly seasonId: string;
  readonly tableIds: Readonly<Record<'STOCK_TICKER' | 'BOLSA' | 'MAXI_BOURSE', string>>;
  readonly accountIds: Readonly<Record<'olga' | 'ann' | 'bob' | 'eve' | 'fay' | 'ned' | 'cleo', string>>;
  /** The Stock Ticker game outside any league, created by Fay. */
  readonly freeGameId: string;
  readonly password: string;
}

export interface MatrixEntry {
  /** The roles that get past access control. */
  readonly allowed: readonly Role[];
  /** Arguments replacing the generated ones (by name), e.g. an id the generator cannot guess. */
  readonly args?: (ids: WorldIds) => Readonly<Record<string, unknown>>;
  /** Runs after the other entries: it changes the world (ends a game, closes a season...). `'final'`: after those too. */
  readonly last?: boolean | 'final';
}

const EVERYONE: readonly Role[] = ROLES;
const SIGNED_IN: readonly Role[] = ['spectator', 'player', 'otherPlayer', 'referee', 'tokenWithoutScope', 'creator', 'namedReferee', 'classMember'];
/** Accounts signed in with a session (every scope). */
const SESSIONS: readonly Role[] = ['spectator', 'player', 'otherPlayer', 'referee', 'creator', 'namedReferee', 'classMember'];
/** The participants of the league's games (their seated players and referee): who sees their disputes. */
const PARTICIPANTS: readonly Role[] = ['player', 'otherPlayer', 'referee', 'tokenWithoutScope'];
const PLAYER: readonly Role[] = ['player'];
const REFEREE: readonly Role[] = ['referee'];

export const ACCESS_MATRIX: Readonly<Record<string, MatrixEntry>> = {
  // Reads of games: everyone, each seeing what their viewer may (see the leak checks).
  'Query.allGames': { allowed: EVERYONE },
  'Query.bolsaCompanies': { allowed: EVERYONE },
  'Query.bolsaGame': { allowed: EVERYONE },
  'Query.bolsaGameAt': { allowed: EVERYONE, args: () => ({ revision: 0 }) },
  'Query.bolsaGames': { allowed: EVERYONE },
  'Query.game': { allowed: EVERYONE },
  'Query.gameAt': { allowed: EVERYONE, args: () => ({ revision: 0 }) },
  'Query.gameFairness': { allowed: EVERYONE },
  'Query.games': { allowed: EVERYONE },
  'Query.maxiBourseContent': { allowed: EVERYONE },
  'Query.maxiBourseGame': { allowed: EVERYONE },
  'Query.maxiBourseGameAt': { allowed: EVERYONE, args: () => ({ revision: 0 }) },
  'Query.maxiBourseGames': { allowed: EVERYONE },
  'Query.verifyGameFairness': { allowed: EVERYONE },
  // Disputes: the game's seated players and referees. A list leaves out the others' (so anyone may ask).
  'Query.dispute': { allowed: PARTICIPANTS, args: () => ({ id: 'matrix-dispute' }) },
  'Query.disputes': { allowed: EVERYONE },
  'Query.disputeSettings': { allowed: EVERYONE },
  // Who referees a game: whoever may see the game.
  'Query.gameReferees': { allowed: EVERYONE },
  // What a remedy to Ann's dispute would do: for the referee deciding it.
  'Query.previewRemedy': { allowed: REFEREE, args: () => ({ input: { disputeId: 'matrix-dispute', remedy: { kind: 'REWIND', afterRevision: 0 } } }) },
  // `me` answers null to anonymous requests.
  'Query.me': { allowed: EVERYONE },
  // The account's own tokens: a session, not a READ token.
  'Query.apiTokens': { allowed: SESSIONS },
  // Leagues: their members; the list, any signed-in account (its own leagues).
  'Query.league': { allowed: ['player', 'otherPlayer', 'referee', 'tokenWithoutScope'] },
  'Query.leagues': { allowed: SIGNED_IN },
  'Query.seasonExport': { allowed: ['player', 'otherPlayer', 'referee', 'tokenWithoutScope'] },
  // A class: its teacher; a student sees their own trades and journal.
  'Query.classFlags': { allowed: REFEREE },
  'Query.classNotesExport': { allowed: REFEREE },
  'Query.classTrades': { allowed: ['player', 'referee', 'tokenWithoutScope', 'classMember'] },
  'Query.classTradesExport': { allowed: ['player', 'referee', 'tokenWithoutScope', 'classMember'] },
  'Query.tradeAnnotations': { allowed: REFEREE },
  'Query.tradeJournal': { allowed: ['player', 'referee', 'tokenWithoutScope', 'classMember'] },

  // Accounts.
  'Mutation.signUp': { allowed: EVERYONE, args: () => ({ input: { email: 'newcomer@example.com', password: 'a long enough password', displayName: 'New' } }) },
  'Mutation.signIn': { allowed: EVERYONE, args: (ids) => ({ input: { email: 'ann@example.com', password: ids.password } }) },
  // A live ticket for the browser's socket: a session only (live-tickets.int.spec.ts: what a ticket may do).
  'Mutation.issueLiveTicket': { allowed: SESSIONS },
  // A session manages tokens; a token may not mint or revoke tokens.
  'Mutation.createApiToken': { allowed: SESSIONS },
  // Ann revokes her READ token (so this runs at the very end); to anyone else it is "not found", not "forbidden".
  'Mutation.revokeApiToken': { allowed: SESSIONS, last: 'final' },
  // A free game's creator names its referees (and takes them off: at the very end, Ned stops refereeing).
  'Mutation.addGameReferee': { allowed: ['creator'], args: (ids) => ({ input: { gameId: ids.freeGameId, accountId: ids.accountIds.ned } }) },
  'Mutation.removeGameReferee': { allowed: ['creator'], args: (ids) => ({ input: { gameId: ids.freeGameId, accountId: ids.accountIds.ned } }), last: 'final' },
  // Who sees a league's games: its organisers say (PUBLIC again here, so the world stays as it is).
  'Mutation.setLeagueVisibility': { allowed: REFEREE, args: (ids) => ({ input: { leagueId: ids.leagueId, visibility: 'PUBLIC' } }) },
  // Leagues: any account may found one; its organisers run it.
  'Mutation.createLeague': { allowed: SESSIONS },
  'Mutation.addLeagueMember': { allowed: REFEREE, args: (ids) => ({ input: { leagueId: ids.leagueId, accountId: ids.accountIds.eve, role: 'SPECTATOR' } }) },
  'Mutation.createSeason': { allowed: REFEREE },
  'Mutation.scheduleTable': { allowed: REFEREE },
  'Mutation.seatPlayer': { allowed: REFEREE, args: (ids) => ({ input: { tableId: ids.tableIds.STOCK_TICKER, playerId: 'p-eve', accountId: ids.accountIds.eve } }) },
  'Mutation.closeSeason': { allowed: REFEREE, last: true },
  // The class's audit: the teacher annotates, the student explains their own trades.
  'Mutation.annotateTrade': { allowed: REFEREE, args: (ids) => ({ input: { classId: ids.classId, tradeId: 'stock-ticker:m-st:1:p-ann', comment: 'why?' } }) },
  // The teacher and the other student get as far as the trade lookup too (this class has no trade to explain).
  'Mutation.recordTradeRationale': { allowed: ['player', 'referee', 'classMember'], args: (ids) => ({ input: { classId: ids.classId, tradeId: 'stock-ticker:m-st:1:p-ann', rationale: 'cheap' } }) },

  // Creating a game outside a league: any signed-in account, which then referees it.
  'Mutation.createStockTickerGame': { allowed: SESSIONS },
  'Mutation.createBolsaGame': { allowed: SESSIONS },
  'Mutation.createMaxiBourseGame': { allowed: SESSIONS },
  // Referee commands of a league's game: its organisers.
  'Mutation.startGame': { allowed: REFEREE },
  'Mutation.startBolsaGame': { allowed: REFEREE },
  'Mutation.startMaxiBourseGame': { allowed: REFEREE },
  'Mutation.closeBolsaPlanning': { allowed: REFEREE },
  'Mutation.endGame': { allowed: REFEREE, last: true },
  'Mutation.closeMaxiBourseSession': { allowed: REFEREE, last: true },
  'Mutation.revealGameSeed': { allowed: REFEREE, last: true },
  'Mutation.setDisputeSettings': { allowed: REFEREE },
  // A player's moves: only for their own seat, with a session or a PLAY token.
  'Mutation.joinGame': { allowed: PLAYER },
  'Mutation.joinBolsaGame': { allowed: PLAYER },
  'Mutation.joinMaxiBourseGame': { allowed: PLAYER },
  'Mutation.buyShares': { allowed: PLAYER, args: () => ({ input: { gameId: 'm-st', playerId: 'p-ann', stock: 'GOLD', shares: 500 } }) },
  'Mutation.sellShares': { allowed: PLAYER },
  'Mutation.borrow': { allowed: PLAYER },
  'Mutation.finishTrading': { allowed: PLAYER },
  'Mutation.rollDice': { allowed: PLAYER },
  'Mutation.submitBolsaPlan': { allowed: PLAYER, args: () => ({ input: { gameId: 'm-bo', playerId: 'p-ann', markers: [{ action: 'NEWSPAPER' }] } }) },
  'Mutation.chooseBolsaNewspaperCard': { allowed: PLAYER },
  'Mutation.answerMaxiBourseAuction': { allowed: PLAYER },
  'Mutation.answerMaxiBoursePremium': { allowed: PLAYER },
  'Mutation.answerMaxiBourseSaleOffer': { allowed: PLAYER },
  'Mutation.buyMaxiBourseOnDouble': { allowed: PLAYER },
  'Mutation.chooseMaxiBourseCompany': { allowed: PLAYER },
  'Mutation.closeMaxiBoursePremiumSale': { allowed: PLAYER },
  'Mutation.declareMaxiBourseBid': { allowed: PLAYER },
  'Mutation.declineMaxiBourseShareRequest': { allowed: PLAYER },
  'Mutation.offerMaxiBourseShares': { allowed: PLAYER },
  'Mutation.passMaxiBourseShareSpace': { allowed: PLAYER },
  'Mutation.payMaxiBourseShares': { allowed: PLAYER },
  'Mutation.pickMaxiBourseCompany': { allowed: PLAYER },
  'Mutation.quoteMaxiBoursePremium': { allowed: PLAYER, args: () => ({ input: { gameId: 'm-mb', playerId: 'p-ann', price: 1000 } }) },
  'Mutation.requestMaxiBourseShares': { allowed: PLAYER },
  'Mutation.revealMaxiBourseRumour': { allowed: PLAYER },
  'Mutation.rollMaxiBourseDice': { allowed: PLAYER },
  'Mutation.skipMaxiBourseDoublePurchase': { allowed: PLAYER },
  // Disputes: the game's participants open one (an API token needs the "play" scope, as for a move).
  'Mutation.openDispute': { allowed: ['player', 'otherPlayer', 'referee'] },
  // Ruling on Ann's dispute "matrix-dispute" (opened in the test's world): the referee only.
  'Mutation.ruleOnDispute': {
    allowed: REFEREE,
    args: () => ({ input: { disputeId: 'matrix-dispute', decision: 'REJECT', reason: 'The seat is right' } }),
    last: true,
  },

  // Live views: everyone, each seeing what their viewer may.
  'Subscription.bolsaBoard': { allowed: EVERYONE },
  'Subscription.bolsaMonth': { allowed: EVERYONE },
  'Subscription.disputeChanges': { allowed: PARTICIPANTS },
  'Subscription.gameEvents': { allowed: EVERYONE, args: () => ({ afterPosition: 0 }) },
  'Subscription.maxiBourseBoard': { allowed: EVERYONE },
  'Subscription.maxiBourseDecision': { allowed: EVERYONE },
  'Subscription.maxiBoursePriceBoard': { allowed: EVERYONE },
  'Subscription.priceBoard': { allowed: EVERYONE },
};

/**
 * The REST routes that read a game, by method and path: who gets past access control (not 403 or 401).
 * access-matrix.int.spec.ts asks each for every role and every game of its world, and compares what it
 * serves with what the GraphQL `events` field shows the same role.
 */
export const REST_ACCESS_MATRIX: Readonly<Record<string, MatrixEntry>> = {
  // A game as a portable file: the same readers and the same lens as the `events` field.
  'GET /games/:gameId/export.ndjson': { allowed: EVERYONE },
};
