import { OpenAccessPolicy } from '../access/open-access.policy';
import { controlledRandom } from '../maxi-bourse/testing/controlled-random';
import { MaxiBourseDriver } from '../maxi-bourse/testing/maxi-bourse-driver';
import { BolsaDriver } from '../testing/bolsa-driver';
import { GameDriver } from '../testing/game-driver';
import { asTestPlayer, TestAccessPolicy, testAuthenticator, TEST_REFEREE } from '../testing/test-access-policy';
import { startTestApp, type TestApp } from '../testing/test-app';

type GameField = 'game' | 'bolsaGame' | 'maxiBourseGame';

const eventsQuery = (field: GameField) => `query Events($id: ID!, $first: Int, $after: String, $last: Int, $before: String, $types: [String!], $playerId: String, $company: String, $search: String) {
  ${field}(id: $id) {
    events(first: $first, after: $after, last: $last, before: $before, types: $types, playerId: $playerId, company: $company, search: $search) {
      totalCount
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      edges { cursor node { id revision type data actor voided } }
    }
  }
}`;

interface EventNode {
  id: string;
  revision: number;
  type: string;
  data: unknown;
  actor: string;
  voided: boolean;
}

interface Page {
  totalCount: number;
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
  edges: { cursor: string; node: EventNode }[];
}

type Args = Readonly<Record<string, unknown>>;

async function eventsPage(api: TestApp, field: GameField, id: string, args: Args, headers: Record<string, string> = {}): Promise<Page> {
  const data = await api.data<Record<string, { events: Page } | null>>(eventsQuery(field), { id, ...args }, headers);
  const events = data[field]?.events;
  if (!events) throw new Error(`no ${field} ${id}`);
  return events;
}

/** Every matching edge, page by page forward. */
async function forwardAll(api: TestApp, field: GameField, id: string, filters: Args, size: number, headers: Record<string, string> = {}) {
  const edges: Page['edges'] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page = await eventsPage(api, field, id, { ...filters, first: size, after }, headers);
    edges.push(...page.edges);
    if (!page.pageInfo.hasNextPage) return { edges, totalCount: page.totalCount };
    after = page.pageInfo.endCursor;
  }
}

/** Every matching edge, page by page backward from the end, each page's edges in stream order. */
async function backwardAll(api: TestApp, field: GameField, id: string, filters: Args, size: number) {
  const pages: Page[] = [];
  let before: string | null = null;
  for (;;) {
    const page: Page = await eventsPage(api, field, id, { ...filters, last: size, before });
    pages.push(page);
    if (!page.pageInfo.hasPreviousPage) return pages;
    before = page.pageInfo.startCursor;
  }
}

const json = (node: EventNode) => JSON.stringify(node.data);

describe('audit trail filters and paging', () => {
  let api: TestApp;
  const GAME = 'filtered';
  let all: Page['edges'];

  beforeAll(async () => {
    api = await startTestApp({ accessPolicy: new OpenAccessPolicy() });
    const played = new GameDriver(api, GAME);
    await played.create({});
    await played.join('alice', 'Alice');
    await played.join('bob', 'Bob');
    await played.start('bob');
    await played.buy('alice', 'GOLD', 500);
    await played.buy('bob', 'OIL', 1000);
    await played.finish('alice');
    await played.finish('bob');
    await played.roll('bob');
    await played.roll('alice');
    all = (await forwardAll(api, 'game', GAME, {}, 100)).edges;
    const bolsa = new BolsaDriver(api, 'filtered-bolsa');
    await bolsa.create();
    await bolsa.join('alice');
    await bolsa.join('bob');
  });

  afterAll(async () => {
    await api.close();
  });

  it.each<[string, Args, (node: EventNode) => boolean]>([
    ['types', { types: ['SharesBought', 'TradingFinished'] }, (node) => node.type === 'SharesBought' || node.type === 'TradingFinished'],
    ['a player (actor or named in the data)', { playerId: 'alice' }, (node) => node.actor === 'alice' || json(node).includes('"alice"')],
    ['a company (case-insensitive)', { company: 'gold' }, (node) => json(node).includes('"stock":"GOLD"')],
    ['a search of type and data (case-insensitive)', { search: 'oIl' }, (node) => `${node.type}${json(node)}`.toLowerCase().includes('oil')],
    ['a player and a type', { playerId: 'bob', types: ['SharesBought'] }, (node) => node.type === 'SharesBought' && node.actor === 'bob'],
  ])('filters by %s; totalCount counts the matches; cursors are the events’ own', async (_label, filters, expected) => {
    const wanted = all.filter((edge) => expected(edge.node));
    expect(wanted.length).toBeGreaterThan(0);
    expect(wanted.length).toBeLessThan(all.length);
    const found = await forwardAll(api, 'game', GAME, filters, 2);
    expect(found.totalCount).toBe(wanted.length);
    expect(found.edges).toEqual(wanted);
  });

  it('a player and a type combine to exactly the player’s purchase', async () => {
    const page = await eventsPage(api, 'game', GAME, { playerId: 'bob', types: ['SharesBought'] });
    expect(page.totalCount).toBe(1);
    expect(page.edges[0]?.node).toMatchObject({ type: 'SharesBought', actor: 'bob', data: { stock: 'OIL', shares: 1000 } });
    expect(page.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: false });
  });

  it('nothing matches: an empty page with a zero count', async () => {
    const page = await eventsPage(api, 'game', GAME, { company: 'GOLD', playerId: 'bob', types: ['SharesBought'] });
    expect(page).toEqual({ totalCount: 0, edges: [], pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null } });
  });

  it.each<[string, Args]>([
    ['unfiltered', {}],
    ['filtered', { playerId: 'alice' }],
  ])('backward paging (%s) visits the same events as forward paging, in reverse', async (_label, filters) => {
    const forward = await forwardAll(api, 'game', GAME, filters, 3);
    const pages = await backwardAll(api, 'game', GAME, filters, 3);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flatMap((page) => page.edges.slice().reverse())).toEqual(forward.edges.slice().reverse());
    expect(pages.every((page) => page.totalCount === forward.totalCount)).toBe(true);
    // The last page read backward is the first; every other page has one after it.
    expect(pages[0]?.pageInfo.hasNextPage).toBe(false);
    expect(pages.slice(1).every((page) => page.pageInfo.hasNextPage)).toBe(true);
    expect(pages[pages.length - 1]?.pageInfo.hasPreviousPage).toBe(false);
  });

  it('goes to the next page and back to the same page', async () => {
    const first = await eventsPage(api, 'game', GAME, { first: 4, playerId: 'alice' });
    const second = await eventsPage(api, 'game', GAME, { first: 4, after: first.pageInfo.endCursor, playerId: 'alice' });
    expect(second.pageInfo.hasPreviousPage).toBe(true);
    const back = await eventsPage(api, 'game', GAME, { last: 4, before: second.pageInfo.startCursor, playerId: 'alice' });
    expect(back.edges).toEqual(first.edges);
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: true });
  });

  it('works on BOLSA games too', async () => {
    const joined = await eventsPage(api, 'bolsaGame', 'filtered-bolsa', { types: ['PlayerJoined'], last: 1 });
    expect(joined.totalCount).toBe(2);
    expect(joined.edges.map((edge) => edge.node.actor)).toEqual(['bob']);
    expect(joined.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
  });

  it.each<[string, Args, string]>([
    ['first with last', { first: 2, last: 2 }, 'first'],
    ['after with before', { after: 'abc', before: 'abc' }, 'before'],
    ['after with last', { after: 'abc', last: 2 }, 'last'],
    ['a too long search', { search: 'x'.repeat(101) }, 'search'],
    ['too many types', { types: Array.from({ length: 51 }, (_, index) => `Type${index}`) }, 'types'],
    ['a malformed type', { types: ['not a type!'] }, 'types'],
    ['last out of range', { last: 101 }, 'last'],
    ['a cursor of another list as before', { before: Buffer.from('game:1').toString('base64url') }, 'before'],
  ])('%s is BAD_USER_INPUT', async (_label, args, field) => {
    const response = await api.gql(eventsQuery('game'), { id: GAME, ...args });
    const error = response.errors?.[0];
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toContain(field);
  });
});

describe('audit trail filters see only what the viewer may see', () => {
  let api: TestApp;

  beforeAll(async () => {
    const random = controlledRandom(31);
    api = await startTestApp({ random, accessPolicy: new TestAccessPolicy(), authenticator: testAuthenticator });
    const driver = new MaxiBourseDriver(api, 'secret-search');
    await driver.create({ variant: 'JUNIOR' });
    await driver.join('alice');
    await driver.join('bob');
    let decision = (await driver.start()).game.pendingDecision;
    while (decision?.kind === 'PICK_STARTING_COMPANY') {
      const picker = decision.awaiting[0] ?? '';
      const [pick] = await driver.legalActions(picker);
      decision = (await driver.move('pickMaxiBourseCompany', picker, { company: pick?.companies[0] })).game.pendingDecision;
    }
    // 4 + 6 from the start: Alice's pawn stops on the Rumours space of the Junior track.
    random.force(4, 6);
    await driver.move('rollMaxiBourseDice', 'alice');
  });

  afterAll(async () => {
    await api.close();
  });

  it('a search for a rumour card another player drew finds nothing; its holder and the referee find it', async () => {
    const alices = await eventsPage(api, 'maxiBourseGame', 'secret-search', { types: ['RumourDrawn'] }, asTestPlayer('alice'));
    const cardId = (alices.edges[0]?.node.data as { cardId?: string } | undefined)?.cardId;
    expect(cardId).toMatch(/^RU-/);
    const search = { search: cardId?.toLowerCase() };
    const holder = await eventsPage(api, 'maxiBourseGame', 'secret-search', search, asTestPlayer('alice'));
    expect(holder.totalCount).toBeGreaterThan(0);
    expect(holder.edges.map((edge) => edge.node.type)).toContain('RumourDrawn');
    const referee = await eventsPage(api, 'maxiBourseGame', 'secret-search', search, asTestPlayer(TEST_REFEREE));
    expect(referee.totalCount).toBeGreaterThanOrEqual(holder.totalCount);
    for (const viewer of [asTestPlayer('bob'), {}]) {
      const other = await eventsPage(api, 'maxiBourseGame', 'secret-search', search, viewer);
      expect(other).toMatchObject({ totalCount: 0, edges: [] });
      // Bob still sees that Alice drew a card, only not which one.
      const drawn = await eventsPage(api, 'maxiBourseGame', 'secret-search', { types: ['RumourDrawn'] }, viewer);
      expect(drawn.totalCount).toBe(1);
      expect(JSON.stringify(drawn)).not.toContain(cardId);
    }
  });
});
