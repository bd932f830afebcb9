import type { ActiveLeague, LeagueRole, SeatAssignment } from '@corbeille/identity';
import type { CommandRef, GameRef, Principal, Scope } from '../access/access.port';
import { AccountAccessPolicy, accessDirectoryOf, type AccessDirectory } from './account-access.policy';
import { IdentityStore } from './read-models/identity.store';

const NOW = '2026-01-01T00:00:00.000Z';
const ALL: Scope[] = ['read', 'play', 'referee', 'admin'];

const session = (accountId: string): Principal => ({ kind: 'account', accountId, displayName: accountId, scopes: ALL, via: 'session' });
const token = (accountId: string, scopes: Scope[]): Principal => ({ kind: 'account', accountId, displayName: accountId, scopes, via: 'api-token' });
const anonymous: Principal = { kind: 'anonymous' };

const seat = (playerId: string, accountId: string): SeatAssignment => ({ playerId, seat: { kind: 'account', accountId }, seatedAt: NOW });
const bot = (playerId: string): SeatAssignment => ({ playerId, seat: { kind: 'bot', strategy: 'greedy' }, seatedAt: NOW });

/**
 * League "club" (public): olga organises; pat and quinn play; sam watches. Game g1 is its table with pat as
 * p1, a bot and quinn's own seat. League "private" (members only) and class "4b" (taught by tess, with stu).
 * Game "free" is outside leagues, created by fay, who named ned its referee.
 */
const roles: Record<string, Record<string, LeagueRole>> = {
  club: { olga: 'organiser', pat: 'player', quinn: 'player', sam: 'spectator' },
  other: { oscar: 'organiser' },
  private: { olga: 'organiser', pat: 'player', sam: 'spectator' },
  '4b': { tess: 'organiser', stu: 'player' },
};
const directory: AccessDirectory = {
  tableOfGame: (gameType, gameId) =>
    gameType === 'stock-ticker' && gameId === 'g1' ? { leagueId: 'club', seats: [seat('p1', 'pat'), bot('robo'), seat('quinn-seat', 'quinn')] } : undefined,
  roleIn: (leagueId, accountId) => roles[leagueId]?.[accountId],
  leagueExists: (leagueId) => leagueId in roles,
  visibilityOf: (leagueId) => (leagueId === 'club' || leagueId === 'other' ? 'public' : 'members'),
  namedRefereesOf: (_gameType, gameId) => (gameId === 'free' ? ['ned'] : []),
};
const policy = new AccountAccessPolicy(directory);

const tableGame: GameRef = { gameType: 'stock-ticker', gameId: 'g1', league: null };
const freeGame: GameRef = { gameType: 'stock-ticker', gameId: 'free', league: null, createdBy: 'fay' };
const newGame: GameRef = { gameType: 'stock-ticker', gameId: 'new', league: null, createdBy: null };
const privateGame: GameRef = { gameType: 'bolsa', gameId: 'p1', league: 'private' };
const classGame: GameRef = { gameType: 'bolsa', gameId: 'c1', league: '4b' };
const labelledGame: GameRef = { gameType: 'stock-ticker', gameId: 'x', league: 'friday-club' };
const createdInOther: GameRef = { gameType: 'bolsa', gameId: 'b1', league: 'other' };
const referee = (type = 'StartGame'): CommandRef => ({ type, actingPlayerId: undefined });
const move = (actingPlayerId: string, type = 'RollDice'): CommandRef => ({ type, actingPlayerId });

async function refusal(principal: Principal, game: GameRef, command: CommandRef): Promise<{ kind: string; code: string } | 'allowed'> {
  try {
    await policy.assertMayIssue(principal, game, command);
    return 'allowed';
  } catch (error) {
    const { kind, code } = error as { kind: string; code: string };
    return { kind, code };
  }
}

const forbidden = (code: string) => ({ kind: 'FORBIDDEN', code });

describe('AccountAccessPolicy', () => {
  describe('viewerFor', () => {
    it.each<[string, Principal, GameRef, unknown]>([
      ['anonymous visitors spectate', anonymous, tableGame, { kind: 'spectator' }],
      ['a token without "read" sees no more than a visitor', token('pat', ['play']), tableGame, { kind: 'spectator' }],
      ['a player sees from their linked seat', session('pat'), tableGame, { kind: 'player', playerId: 'p1' }],
      ['a token with "read" sees from the seat too', token('pat', ['read']), tableGame, { kind: 'player', playerId: 'p1' }],
      ['an organiser referees', session('olga'), tableGame, { kind: 'referee' }],
      ["an organiser's token without \"referee\" does not", token('olga', ['read']), tableGame, { kind: 'player', playerId: 'olga' }],
      ['a member without a seat gets the one named after them (none here: a spectator view)', session('sam'), tableGame, { kind: 'player', playerId: 'sam' }],
      ['an account in a game outside leagues sees from the seat named after it', session('zoe'), freeGame, { kind: 'player', playerId: 'zoe' }],
      ['an organiser of the league a game was created in referees it', session('oscar'), createdInOther, { kind: 'referee' }],
      ['a league label that is no league gives no referee', session('olga'), labelledGame, { kind: 'player', playerId: 'olga' }],
      ["the table's league decides, not the label", session('oscar'), { ...tableGame, league: 'other' }, { kind: 'player', playerId: 'oscar' }],
    ])('%s', async (_label, principal, game, viewer) => {
      expect(await policy.viewerFor(principal, game)).toEqual(viewer);
    });

    it('a seated organiser sees as a player, not as the referee', async () => {
      const seated = new AccountAccessPolicy({ ...directory, tableOfGame: () => ({ leagueId: 'club', seats: [seat('o', 'olga')] }) });
      expect(await seated.viewerFor(session('olga'), tableGame)).toEqual({ kind: 'player', playerId: 'o' });
    });

    it('a seat named after an account but given to someone else is not theirs', async () => {
      const given = new AccountAccessPolicy({ ...directory, tableOfGame: () => ({ leagueId: 'club', seats: [seat('zoe', 'pat')] }) });
      expect(await given.viewerFor(session('zoe'), tableGame)).toEqual({ kind: 'spectator' });
    });
  });

  describe('assertMayIssue: referee commands', () => {
    it.each<[string, Principal, GameRef, unknown]>([
      ['anonymous visitors may do nothing', anonymous, tableGame, forbidden('SIGN_IN_REQUIRED')],
      ["the league's organiser referees its table", session('olga'), tableGame, 'allowed'],
      ['with a token holding "referee"', token('olga', ['referee']), tableGame, 'allowed'],
      ['but not with a token without it', token('olga', ['read', 'play', 'admin']), tableGame, forbidden('SCOPE_REQUIRED')],
      ['a player does not referee', session('pat'), tableGame, forbidden('NOT_A_REFEREE')],
      ["another league's organiser does not referee", session('oscar'), tableGame, forbidden('NOT_A_REFEREE')],
      ['the organiser of the league a game was created in referees it', session('oscar'), createdInOther, 'allowed'],
      ['nobody else does', session('olga'), createdInOther, forbidden('NOT_A_REFEREE')],
      ['a stranger does not referee a game outside leagues', session('zoe'), freeGame, forbidden('NOT_A_REFEREE')],
      ['its creator does', session('fay'), freeGame, 'allowed'],
      ['and the referee its creator named', session('ned'), freeGame, 'allowed'],
      ['still with the "referee" scope', token('fay', ['play']), freeGame, forbidden('SCOPE_REQUIRED')],
      ['a game outside leagues without a recorded creator has no referee but those named', session('zoe'), labelledGame, forbidden('NOT_A_REFEREE')],
      ["a class's teacher referees its games", session('tess'), classGame, 'allowed'],
      ['a student does not', session('stu'), classGame, forbidden('NOT_A_REFEREE')],
    ])('%s', async (_label, principal, game, expected) => {
      expect(await refusal(principal, game, referee())).toEqual(expected);
    });

    it.each<[string, Principal, unknown]>([
      ['any signed-in account creates a game outside leagues', session('zoe'), 'allowed'],
      ['with the "referee" scope', token('zoe', ['play']), forbidden('SCOPE_REQUIRED')],
      ['not anonymously', anonymous, forbidden('SIGN_IN_REQUIRED')],
    ])('%s', async (_label, principal, expected) => {
      expect(await refusal(principal, newGame, referee('CreateGame'))).toEqual(expected);
    });

    it.each<[string, Principal, GameRef, unknown]>([
      ["a game that exists is not created again by a stranger (its creator's)", session('zoe'), freeGame, forbidden('NOT_A_REFEREE')],
      ['a game in a league is created by its organisers only', session('zoe'), { ...newGame, league: 'club' }, forbidden('NOT_A_REFEREE')],
    ])('%s', async (_label, principal, game, expected) => {
      expect(await refusal(principal, game, referee('CreateGame'))).toEqual(expected);
    });
  });

  describe('mayRead and viewerFor: who sees a game', () => {
    it.each<[string, Principal, GameRef, boolean]>([
      ["anyone sees a public league's game", anonymous, tableGame, true],
      ['anyone sees a game outside leagues', anonymous, freeGame, true],
      ["not a members-only league's game, anonymously", anonymous, privateGame, false],
      ['nor as a stranger', session('zoe'), privateGame, false],
      ["nor as another league's organiser", session('oscar'), privateGame, false],
      ['its members do (a spectator member too)', session('sam'), privateGame, true],
      ["a member's token with \"read\"", token('pat', ['read']), privateGame, true],
      ['not without it', token('pat', ['play']), privateGame, false],
      ["a class's game: not anonymously", anonymous, classGame, false],
      ['not as a stranger', session('zoe'), classGame, false],
      ['its teacher', session('tess'), classGame, true],
      ['its student', session('stu'), classGame, true],
    ])('%s', async (_label, principal, game, sees) => {
      expect(await policy.mayRead(principal, game)).toBe(sees);
      const viewer = await policy.viewerFor(principal, game).then(
        () => 'viewer',
        (error: { kind: string }) => error.kind,
      );
      expect(viewer).toBe(sees ? 'viewer' : 'FORBIDDEN');
    });

    it.each<[string, Principal, unknown]>([
      ['its creator sees it as its referee', session('fay'), { kind: 'referee' }],
      ['so does the referee it named', session('ned'), { kind: 'referee' }],
      ['a stranger sees it from the seat named after them', session('zoe'), { kind: 'player', playerId: 'zoe' }],
    ])('a game outside leagues: %s', async (_label, principal, viewer) => {
      expect(await policy.viewerFor(principal, freeGame)).toEqual(viewer);
    });

    it('a creator who joined their own game sees it as their seat, not as the referee', async () => {
      expect(await policy.viewerFor(session('fay'), { ...freeGame, seatedPlayerIds: ['fay', 'zoe'] })).toEqual({ kind: 'player', playerId: 'fay' });
    });
  });

  describe('assertMayIssue: referee commands (continued)', () => {
    it.each<[string, Principal, GameRef, unknown]>([
      ['a league label that is no league is outside leagues: its creator referees it', session('zoe'), { ...labelledGame, createdBy: 'zoe' }, 'allowed'],
    ])('%s', async (_label, principal, game, expected) => {
      expect(await refusal(principal, game, referee())).toEqual(expected);
    });
  });

  describe('assertMayIssue: moves for a seat', () => {
    it.each<[string, Principal, GameRef, CommandRef, unknown]>([
      ['a player moves for their linked seat', session('pat'), tableGame, move('p1'), 'allowed'],
      ['with a "play" token', token('pat', ['play']), tableGame, move('p1'), 'allowed'],
      ['not with a "read" token', token('pat', ['read']), tableGame, move('p1'), forbidden('SCOPE_REQUIRED')],
      ["not for another player's seat", session('quinn'), tableGame, move('p1'), forbidden('NOT_YOUR_SEAT')],
      ['the organiser may not move for a player either', session('olga'), tableGame, move('p1'), forbidden('NOT_YOUR_SEAT')],
      ['the organiser plays for a bot seat', session('olga'), tableGame, move('robo'), 'allowed'],
      ['a player may not', session('pat'), tableGame, move('robo'), forbidden('NOT_A_REFEREE')],
      ['nor an organiser token without "referee"', token('olga', ['play']), tableGame, move('robo'), forbidden('SCOPE_REQUIRED')],
      ['a league player joins a table as themselves', session('pat'), { ...tableGame, gameId: 'unlinked', league: 'club' }, move('pat', 'JoinGame'), 'allowed'],
      ['but not as themselves when the organisers seated them elsewhere', session('quinn'), tableGame, move('quinn', 'JoinGame'), forbidden('NOT_YOUR_SEAT')],
      ['a spectator does not sit at a league table', session('sam'), tableGame, move('sam', 'JoinGame'), forbidden('NOT_A_PLAYER')],
      ['nor does a non-member', session('zoe'), tableGame, move('zoe', 'JoinGame'), forbidden('NOT_A_PLAYER')],
      ['anyone plays their own seat outside leagues', session('zoe'), freeGame, move('zoe'), 'allowed'],
      ['but only their own', session('zoe'), freeGame, move('yan'), forbidden('NOT_YOUR_SEAT')],
      ['anonymous visitors do not play', anonymous, freeGame, move('zoe'), forbidden('SIGN_IN_REQUIRED')],
    ])('%s', async (_label, principal, game, command, expected) => {
      expect(await refusal(principal, game, command)).toEqual(expected);
    });
  });

  it('reads tables, seats and roles from the identity read models', () => {
    const store = new IdentityStore(':memory:');
    const league: ActiveLeague = {
      status: 'active',
      leagueId: 'club',
      name: 'Club',
      kind: 'league',
      scoring: [10, 6],
      createdBy: 'olga',
      createdAt: NOW,
      members: [{ accountId: 'olga', role: 'organiser', addedAt: NOW }],
      seasons: [
        {
          seasonId: 's1',
          name: 'Spring',
          createdAt: NOW,
          closedAt: null,
          tables: [{ tableId: 't1', seasonId: 's1', gameType: 'stock-ticker', gameId: 'g1', options: {}, scheduledAt: NOW, seats: [seat('p1', 'pat')] }],
        },
      ],
    };
    store.saveLeague(league);
    store.saveMember('club', 'olga', 'organiser');
    store.saveTable({ leagueId: 'club', seasonId: 's1', tableId: 't1' }, 'stock-ticker', 'g1');
    const read = accessDirectoryOf(store);
    expect(read.tableOfGame('stock-ticker', 'g1')).toEqual({ leagueId: 'club', seats: [seat('p1', 'pat')] });
    expect(read.tableOfGame('bolsa', 'g1')).toBeUndefined();
    expect(read.roleIn('club', 'olga')).toBe('organiser');
    expect(read.roleIn('club', 'pat')).toBeUndefined();
    expect(read.leagueExists('club')).toBe(true);
    expect(read.leagueExists('nope')).toBe(false);
    // A league recorded before visibility existed is public; an unknown one is closed.
    expect(read.visibilityOf('club')).toBe('public');
    expect(read.visibilityOf('nope')).toBe('members');
    store.saveLeague({ ...league, leagueId: 'c4', kind: 'class' });
    expect(read.visibilityOf('c4')).toBe('members');
    store.saveGameReferees('stock-ticker', 'free', ['ned']);
    expect(read.namedRefereesOf('stock-ticker', 'free')).toEqual(['ned']);
    expect(read.namedRefereesOf('bolsa', 'free')).toEqual([]);
    store.close();
  });
});
