import { deciderSpecification } from '@corbeille/kernel/testing';
import { evolveLeague, initialLeagueState, leagueDecider, roleTitle } from './league.decider';
import { visibilityOf, type LeagueCommand, type LeagueEvent } from './league.types';

const spec = deciderSpecification(leagueDecider);
const NOW = '2026-01-01T00:00:00.000Z';

const created: LeagueEvent[] = [
  { type: 'LeagueCreated', data: { leagueId: 'friday', name: 'Friday Club', kind: 'league', scoring: [10, 6, 4, 3, 2, 1], createdBy: 'olga', createdAt: NOW, visibility: 'public' } },
  { type: 'LeagueMemberAdded', data: { leagueId: 'friday', accountId: 'olga', role: 'organiser', addedAt: NOW } },
];
const members: LeagueEvent[] = [
  { type: 'LeagueMemberAdded', data: { leagueId: 'friday', accountId: 'pat', role: 'player', addedAt: NOW } },
  { type: 'LeagueMemberAdded', data: { leagueId: 'friday', accountId: 'sam', role: 'spectator', addedAt: NOW } },
];
const season: LeagueEvent = { type: 'SeasonCreated', data: { leagueId: 'friday', seasonId: 's1', name: 'Spring', createdAt: NOW } };
const table: LeagueEvent = {
  type: 'TableScheduled',
  data: { leagueId: 'friday', seasonId: 's1', tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', options: { roundLimit: 1 }, scheduledAt: NOW },
};
const patSeated: LeagueEvent = {
  type: 'PlayerSeated',
  data: { leagueId: 'friday', seasonId: 's1', tableId: 't1', playerId: 'p1', seat: { kind: 'account', accountId: 'pat' }, previous: null, seatedAt: NOW },
};
const closed: LeagueEvent = { type: 'SeasonClosed', data: { leagueId: 'friday', seasonId: 's1', closedAt: NOW } };
const running = [...created, ...members, season, table];

describe('league decider', () => {
  describe('CreateLeague', () => {
    it('creates the league with the default scoring and its creator as organiser', () => {
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'olga', leagueId: 'friday', name: ' Friday Club ', kind: 'league' } })
        .then(created);
    });

    it('creates a class with its own scoring table; its organiser is the teacher', () => {
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'tess', leagueId: 'c1', name: 'Class 4B', kind: 'class', scoring: [3, 2, 1] } })
        .then((events) => {
          expect(events[0]).toMatchObject({ type: 'LeagueCreated', data: { kind: 'class', scoring: [3, 2, 1] } });
          expect(events[1]).toMatchObject({ type: 'LeagueMemberAdded', data: { accountId: 'tess', role: 'organiser' } });
        });
      expect(roleTitle('class', 'organiser')).toBe('teacher');
      expect(roleTitle('class', 'player')).toBe('student');
      expect(roleTitle('league', 'organiser')).toBe('organiser');
    });

    it.each([
      ['an increasing table', [1, 2]],
      ['negative points', [5, -1]],
      ['fractions', [2.5]],
      ['an empty table', []],
    ])('refuses a scoring with %s', (_label, scoring) => {
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'olga', leagueId: 'x', name: 'X', kind: 'league', scoring } })
        .thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_SCORING' });
    });

    it('refuses an existing league and an unknown kind', () => {
      spec
        .given(created)
        .when({ type: 'CreateLeague', data: { actorId: 'olga', leagueId: 'friday', name: 'Again', kind: 'league' } })
        .thenThrows({ kind: 'CONFLICT', code: 'LEAGUE_EXISTS' });
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'olga', leagueId: 'x', name: 'X', kind: 'club' as 'league' } })
        .thenThrows({ code: 'UNKNOWN_LEAGUE_KIND' });
    });
  });

  describe('only organisers manage the league', () => {
    const commands: LeagueCommand[] = [
      { type: 'AddLeagueMember', data: { actorId: 'pat', accountId: 'zoe', role: 'player' } },
      { type: 'CreateSeason', data: { actorId: 'pat', seasonId: 's2', name: 'Summer' } },
      { type: 'ScheduleTable', data: { actorId: 'pat', seasonId: 's1', tableId: 't2', gameType: 'bolsa', gameId: 'g2' } },
      { type: 'SeatPlayer', data: { actorId: 'pat', tableId: 't1', playerId: 'p9', seat: { kind: 'bot', strategy: null } } },
      { type: 'CloseSeason', data: { actorId: 'pat', seasonId: 's1' } },
    ];
    it.each(commands.map((command) => [command.type, command] as const))('%s by a player is forbidden', (_type, command) => {
      spec.given(running).when(command).thenThrows({ kind: 'FORBIDDEN', code: 'NOT_AN_ORGANISER' });
    });

    it('a non-member is forbidden too, and an unknown league is not found', () => {
      spec
        .given(running)
        .when({ type: 'CreateSeason', data: { actorId: 'eve', seasonId: 's2', name: 'X' } })
        .thenThrows({ kind: 'FORBIDDEN', message: 'Only the organisers of this league may manage it' });
      spec
        .given([])
        .when({ type: 'CreateSeason', data: { actorId: 'olga', seasonId: 's2', name: 'X' } })
        .thenThrows({ kind: 'NOT_FOUND', code: 'LEAGUE_NOT_FOUND' });
    });

    it('speaks of teachers in a class', () => {
      const classCreated: LeagueEvent[] = [
        { type: 'LeagueCreated', data: { leagueId: 'c1', name: '4B', kind: 'class', scoring: [3, 2, 1], createdBy: 'tess', createdAt: NOW } },
        { type: 'LeagueMemberAdded', data: { leagueId: 'c1', accountId: 'tess', role: 'organiser', addedAt: NOW } },
      ];
      spec
        .given(classCreated)
        .when({ type: 'CreateSeason', data: { actorId: 'stu', seasonId: 's', name: 'Term 1' } })
        .thenThrows({ message: 'Only the teachers of this class may manage it' });
    });
  });

  describe('AddLeagueMember', () => {
    it('adds a member, changes a role, and ignores a repeat', () => {
      spec
        .given(created)
        .when({ type: 'AddLeagueMember', data: { actorId: 'olga', accountId: 'pat', role: 'player' } })
        .then([members[0] as LeagueEvent]);
      spec
        .given([...created, ...members])
        .when({ type: 'AddLeagueMember', data: { actorId: 'olga', accountId: 'sam', role: 'organiser' } })
        .then([
          { type: 'LeagueMemberRoleChanged', data: { leagueId: 'friday', accountId: 'sam', from: 'spectator', to: 'organiser', changedAt: NOW } },
        ]);
      spec.given([...created, ...members]).when({ type: 'AddLeagueMember', data: { actorId: 'olga', accountId: 'pat', role: 'player' } }).then([]);
    });

    it('keeps at least one organiser', () => {
      spec
        .given(created)
        .when({ type: 'AddLeagueMember', data: { actorId: 'olga', accountId: 'olga', role: 'player' } })
        .thenThrows({ kind: 'RULE_VIOLATION', code: 'LAST_ORGANISER' });
    });

    it('refuses an unknown role', () => {
      spec
        .given(created)
        .when({ type: 'AddLeagueMember', data: { actorId: 'olga', accountId: 'pat', role: 'captain' as 'player' } })
        .thenThrows({ kind: 'INVALID_INPUT', code: 'UNKNOWN_ROLE' });
    });
  });

  describe('seasons and tables', () => {
    it('creates a season and schedules a table in it with its options', () => {
      spec.given(created).when({ type: 'CreateSeason', data: { actorId: 'olga', seasonId: 's1', name: 'Spring' } }).then([season]);
      spec
        .given([...created, ...members, season])
        .when({
          type: 'ScheduleTable',
          data: { actorId: 'olga', seasonId: 's1', tableId: 't1', gameType: 'stock-ticker', gameId: 'g1', options: { roundLimit: 1 } },
        })
        .then([table]);
    });

    it('refuses a game scheduled twice, an unknown game type, options that are not an object, and an unknown season', () => {
      const base = { actorId: 'olga', seasonId: 's1', tableId: 't2', gameType: 'stock-ticker', gameId: 'g1' };
      spec.given(running).when({ type: 'ScheduleTable', data: base }).thenThrows({ kind: 'CONFLICT', code: 'GAME_ALREADY_SCHEDULED' });
      spec
        .given(running)
        .when({ type: 'ScheduleTable', data: { ...base, gameId: 'g2', gameType: 'monopoly' } })
        .thenThrows({ kind: 'INVALID_INPUT', code: 'UNKNOWN_GAME_TYPE' });
      spec
        .given(running)
        .when({ type: 'ScheduleTable', data: { ...base, gameId: 'g2', options: [1, 2] } })
        .thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_OPTIONS' });
      spec
        .given(running)
        .when({ type: 'ScheduleTable', data: { ...base, gameId: 'g2', seasonId: 'nope' } })
        .thenThrows({ kind: 'NOT_FOUND', code: 'SEASON_NOT_FOUND' });
      spec
        .given(running)
        .when({ type: 'ScheduleTable', data: { ...base, gameId: 'g2', tableId: 't1' } })
        .thenThrows({ kind: 'CONFLICT', code: 'TABLE_EXISTS' });
    });

    it('the same game id with other rules is another game', () => {
      spec
        .given(running)
        .when({ type: 'ScheduleTable', data: { actorId: 'olga', seasonId: 's1', tableId: 't2', gameType: 'bolsa', gameId: 'g1' } })
        .then((events) => expect(events[0]).toMatchObject({ type: 'TableScheduled', data: { gameType: 'bolsa', options: {} } }));
    });
  });

  describe('SeatPlayer', () => {
    it('seats an account member, then a bot, and reseats a player id', () => {
      spec
        .given(running)
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p1', seat: { kind: 'account', accountId: 'pat' } } })
        .then([patSeated]);
      spec
        .given([...running, patSeated])
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p1', seat: { kind: 'bot', strategy: 'greedy' } } })
        .then([
          {
            type: 'PlayerSeated',
            data: {
              leagueId: 'friday',
              seasonId: 's1',
              tableId: 't1',
              playerId: 'p1',
              seat: { kind: 'bot', strategy: 'greedy' },
              previous: { kind: 'account', accountId: 'pat' },
              seatedAt: NOW,
            },
          },
        ]);
      spec
        .given([...running, patSeated])
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p1', seat: { kind: 'account', accountId: 'pat' } } })
        .then([]);
    });

    it('organisers may sit at a table too', () => {
      spec
        .given(running)
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'olga', seat: { kind: 'account', accountId: 'olga' } } })
        .then((events) => expect(events).toHaveLength(1));
    });

    it.each([
      ['a non-member', { kind: 'account' as const, accountId: 'eve' }, 'NOT_A_MEMBER'],
      ['a spectator', { kind: 'account' as const, accountId: 'sam' }, 'SPECTATOR_CANNOT_PLAY'],
    ])('refuses to seat %s', (_label, seat, code) => {
      spec
        .given(running)
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p2', seat } })
        .thenThrows({ kind: 'RULE_VIOLATION', code });
    });

    it('refuses an account in two seats of one table, an unknown table and a bad bot strategy', () => {
      spec
        .given([...running, patSeated])
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p2', seat: { kind: 'account', accountId: 'pat' } } })
        .thenThrows({ kind: 'RULE_VIOLATION', code: 'ALREADY_SEATED' });
      spec
        .given(running)
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 'nope', playerId: 'p2', seat: { kind: 'bot', strategy: null } } })
        .thenThrows({ kind: 'NOT_FOUND', code: 'TABLE_NOT_FOUND' });
      spec
        .given(running)
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p2', seat: { kind: 'bot', strategy: 'Not Valid!' } } })
        .thenThrows({ kind: 'INVALID_INPUT', code: 'INVALID_BOT_STRATEGY' });
    });
  });

  describe('CloseSeason', () => {
    it('closes once, then nothing can be scheduled or seated in it', () => {
      spec.given(running).when({ type: 'CloseSeason', data: { actorId: 'olga', seasonId: 's1' } }).then([closed]);
      spec.given([...running, closed]).when({ type: 'CloseSeason', data: { actorId: 'olga', seasonId: 's1' } }).then([]);
      spec
        .given([...running, closed])
        .when({ type: 'ScheduleTable', data: { actorId: 'olga', seasonId: 's1', tableId: 't2', gameType: 'bolsa', gameId: 'g2' } })
        .thenThrows({ kind: 'RULE_VIOLATION', code: 'SEASON_CLOSED' });
      spec
        .given([...running, closed])
        .when({ type: 'SeatPlayer', data: { actorId: 'olga', tableId: 't1', playerId: 'p1', seat: { kind: 'bot', strategy: null } } })
        .thenThrows({ kind: 'RULE_VIOLATION', code: 'SEASON_CLOSED' });
    });
  });

  it('folds members, seasons, tables and seats', () => {
    const state = [...running, patSeated, closed].reduce(leagueDecider.evolve, leagueDecider.initialState());
    expect(state).toMatchObject({
      status: 'active',
      members: [{ accountId: 'olga', role: 'organiser' }, { accountId: 'pat' }, { accountId: 'sam' }],
      seasons: [{ seasonId: 's1', closedAt: NOW, tables: [{ tableId: 't1', seats: [{ playerId: 'p1', seat: { accountId: 'pat' } }] }] }],
    });
  });

  describe('SetLeagueVisibility', () => {
    it('creates a league public unless it says members-only, and a class for its members', () => {
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'olga', leagueId: 'p', name: 'Private', kind: 'league', visibility: 'members' } })
        .then((events) => expect(events[0]).toMatchObject({ type: 'LeagueCreated', data: { visibility: 'members' } }));
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'tess', leagueId: 'c', name: 'Class', kind: 'class' } })
        .then((events) => expect(events[0]).toMatchObject({ type: 'LeagueCreated', data: { visibility: 'members' } }));
      spec
        .given([])
        .when({ type: 'CreateLeague', data: { actorId: 'tess', leagueId: 'c', name: 'Class', kind: 'class', visibility: 'public' } })
        .thenThrows({ kind: 'RULE_VIOLATION', code: 'CLASS_GAMES_PRIVATE' });
    });

    it("is changed by the league's organisers only, and only when it changes", () => {
      spec
        .given(running)
        .when({ type: 'SetLeagueVisibility', data: { actorId: 'olga', visibility: 'members' } })
        .then([{ type: 'LeagueVisibilityChanged', data: { leagueId: 'friday', from: 'public', to: 'members', changedAt: NOW } }]);
      spec.given(running).when({ type: 'SetLeagueVisibility', data: { actorId: 'olga', visibility: 'public' } }).then([]);
      spec
        .given(running)
        .when({ type: 'SetLeagueVisibility', data: { actorId: 'pat', visibility: 'members' } })
        .thenThrows({ kind: 'FORBIDDEN', code: 'NOT_AN_ORGANISER' });
    });

    it('reads a league recorded before the setting as public, a class as members-only', () => {
      const [first] = created;
      if (first?.type !== 'LeagueCreated') throw new Error('fixture');
      const { visibility: _visibility, ...legacy } = first.data;
      const league = evolveLeague(initialLeagueState(), { type: 'LeagueCreated', data: legacy });
      if (league.status !== 'active') throw new Error('no league');
      expect(visibilityOf(league)).toBe('public');
      expect(visibilityOf({ kind: 'class' })).toBe('members');
      expect(visibilityOf({ kind: 'class', visibility: 'public' })).toBe('members');
    });
  });
});
