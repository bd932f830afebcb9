/**
 * The demo's accounts, league and class. This is demo data: the password is the same for every demo
 * account and is written in docs/leagues.md ("Demo accounts"). Never seed it into a real deployment.
 */
export const DEMO_PASSWORD = 'corbeille-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.corbeille';

export interface DemoAccount {
  readonly accountId: string;
  readonly email: string;
  readonly displayName: string;
}

const account = (slug: string, displayName: string): DemoAccount => ({
  accountId: `demo-${slug}`,
  email: `${slug}@${DEMO_EMAIL_DOMAIN}`,
  displayName,
});

/** Organises the demo league and referees its tables. */
export const DEMO_ORGANISER = account('organiser', 'Olivia Organiser');
/** Teaches the demo class. */
export const DEMO_TEACHER = account('teacher', 'Theo Teacher');

/** The demo league's players, by the player id they have in the demo Stock Ticker games. */
export const DEMO_LEAGUE_PLAYERS: ReadonlyMap<string, DemoAccount> = new Map(
  ['Alice', 'Bruno', 'Chloe', 'Didier', 'Emma', 'Farid', 'Gaelle'].map((name) => [name.toLowerCase(), account(name.toLowerCase(), name)]),
);

/** The demo class's students, by the player id they have in the class's games. */
export const DEMO_STUDENTS: ReadonlyMap<string, DemoAccount> = new Map(
  ['Hugo', 'Ines', 'Jules', 'Kenza'].map((name) => [name.toLowerCase(), account(name.toLowerCase(), name)]),
);

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [DEMO_ORGANISER, ...DEMO_LEAGUE_PLAYERS.values(), DEMO_TEACHER, ...DEMO_STUDENTS.values()];

export const DEMO_LEAGUE_ID = 'demo-league';
export const DEMO_SEASON_ID = 'demo-autumn';
export const DEMO_SEASON_NAME = 'Autumn 2026';
export const DEMO_CLASS_ID = 'demo-class';
export const DEMO_CLASS_NAME = 'Demo Class';
export const DEMO_TERM_ID = 'demo-term';
export const DEMO_TERM_NAME = 'Term 1';
