/**
 * Browser end-to-end: the real API on a freshly seeded demo league (temp data dir) and the production build
 * of the dashboard, driven in Debian's Chromium. Screenshots go to apps/dashboard/test-artifacts/.
 *
 * DASHBOARD_E2E_SKIP_BUILD=1 reuses an existing `.next` build (the build does not depend on the API URL).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { playMaxiBourseMoves, playMaxiBourseTable } from './maxi-bourse-table';

const CHROMIUM = '/usr/bin/chromium';
const DASHBOARD_DIR = path.resolve(__dirname, '..', '..');
const REPO_ROOT = path.resolve(DASHBOARD_DIR, '..', '..');
const API_DIR = path.join(REPO_ROOT, 'apps', 'api');
const ARTIFACTS = path.join(DASHBOARD_DIR, 'test-artifacts');
const NEXT_BIN = path.join(REPO_ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

// On a developer machine without Chromium the browser tests are skipped with a warning; in CI
// (.ci/run installs Debian's chromium) a missing browser is a failure, never a silent skip.
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium && process.env['CI']) {
  throw new Error(`${CHROMIUM} is missing: CI must install Debian's chromium (apt-get install -y chromium).`);
}
const describeWithChromium = hasChromium ? describe : describe.skip;
if (!hasChromium) {
  console.warn(`Skipping the browser e2e tests: ${CHROMIUM} is missing (apt-get install -y chromium).`);
}

jest.setTimeout(120_000);

interface Child {
  readonly name: string;
  readonly process: ChildProcess;
  output: string;
}

const children: Child[] = [];
const timings: Record<string, number> = {};

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

process.on('exit', () => {
  for (const child of children) killGroup(child.process, 'SIGKILL');
});

type Env = Readonly<Record<string, string>>;

function start(name: string, args: readonly string[], cwd: string, env: Env): Child {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', ...env };
  // Jest's worker markers would make Next's own workers behave as if they ran under Jest.
  for (const name of Object.keys(childEnv)) if (name.startsWith('JEST_')) delete childEnv[name];
  const child = spawn(process.execPath, args, { cwd, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const entry: Child = { name, process: child, output: '' };
  const keep = (chunk: Buffer) => {
    entry.output = (entry.output + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  children.push(entry);
  return entry;
}

function exited(child: Child): Promise<number> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null) resolve(child.process.exitCode);
    else child.process.once('exit', (code) => resolve(code ?? 1));
  });
}

async function run(name: string, args: readonly string[], cwd: string, env: Env): Promise<void> {
  const started = Date.now();
  const child = start(name, args, cwd, env);
  const code = await exited(child);
  timings[name] = Date.now() - started;
  if (code !== 0) throw new Error(`${name} failed with exit code ${code}:\n${child.output}`);
}

async function stopAll(): Promise<void> {
  await Promise.all(
    children.map(async (child) => {
      if (child.process.exitCode !== null || child.process.signalCode !== null) return;
      killGroup(child.process, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child.process, 'SIGKILL'), 5000);
      await exited(child);
      clearTimeout(timer);
    }),
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, child: Child, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) throw new Error(`${child.name} exited early:\n${child.output}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${child.output}`);
}

// ---- The API, queried directly to check what the pages show --------------------------------------

let apiUrl = '';
let dashboardUrl = '';

async function api<T>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await fetch(`${apiUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (body.errors?.length || body.data === undefined) throw new Error(`API error: ${JSON.stringify(body.errors)}`);
  return body.data;
}

interface ApiEvent {
  position: number;
  revision: number;
  type: string;
  data: Record<string, unknown>;
}

async function allEvents(gameId: string): Promise<ApiEvent[]> {
  const events: ApiEvent[] = [];
  let after: string | null = null;
  for (;;) {
    const data: { game: { events: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: ApiEvent }[] } } } = await api(
      `query ($id: ID!, $after: String) { game(id: $id) { events(first: 100, after: $after) { pageInfo { hasNextPage endCursor } edges { node { position revision type data } } } } }`,
      { id: gameId, after },
    );
    events.push(...data.game.events.edges.map((edge) => edge.node));
    if (!data.game.events.pageInfo.hasNextPage) return events;
    after = data.game.events.pageInfo.endCursor;
  }
}

async function pricesAt(gameId: string, position: number): Promise<Record<string, number>> {
  const data: { gameAt: { position: number; prices: { stock: string; price: number }[] } } = await api(
    `query ($id: ID!, $position: SafeInt!) { gameAt(id: $id, position: $position) { position prices { stock price } } }`,
    { id: gameId, position },
  );
  return Object.fromEntries(data.gameAt.prices.map((entry) => [entry.stock, entry.price]));
}

async function shownPrices(page: Page, scope: string): Promise<Record<string, number>> {
  return page.$$eval(`${scope} [data-testid^="price-"]`, (cells) =>
    Object.fromEntries(cells.map((cell) => [cell.getAttribute('data-testid')?.replace('price-', '') ?? '', Number(cell.getAttribute('data-cents'))])),
  );
}

function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

// ---- The run --------------------------------------------------------------------------------------

describeWithChromium('dashboard in a browser (real API, production build)', () => {
  let dataDir = '';
  let browser: Browser | undefined;
  let page: Page;
  const suiteStarted = Date.now();
  const pageErrors: string[] = [];

  afterEach(() => {
    const errors = pageErrors.splice(0);
    expect(errors).toEqual([]);
  });

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'corbeille-dashboard-e2e-'));
    const [apiPort, dashboardPort] = [await freePort(), await freePort()];
    apiUrl = `http://127.0.0.1:${apiPort}`;
    dashboardUrl = `http://127.0.0.1:${dashboardPort}`;

    const seeding = run('seed', ['-r', '@swc-node/register', 'tools/demo/src/seed.ts'], REPO_ROOT, { DATA_DIR: dataDir });
    const building =
      process.env['DASHBOARD_E2E_SKIP_BUILD'] === '1' && existsSync(path.join(DASHBOARD_DIR, '.next', 'BUILD_ID'))
        ? Promise.resolve()
        : run('next build', [NEXT_BIN, 'build'], DASHBOARD_DIR, { NEXT_TELEMETRY_DISABLED: '1' });
    building.catch(() => undefined);
    await seeding;

    const apiStarted = Date.now();
    const apiProcess = start('api', ['-r', '@swc-node/register', 'src/main.ts'], API_DIR, {
      PORT: String(apiPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // NODE_ENV=production requires a session secret.
      AUTH_SECRET: 'dashboard-e2e-session-secret-not-for-production',
    });
    await waitForHttp(`${apiUrl}/health`, apiProcess, 60_000);
    timings['api start'] = Date.now() - apiStarted;

    await building;
    const nextStarted = Date.now();
    const dashboard = start('next start', [NEXT_BIN, 'start', '-p', String(dashboardPort), '-H', '127.0.0.1'], DASHBOARD_DIR, {
      NEXT_TELEMETRY_DISABLED: '1',
      API_URL: apiUrl,
    });
    await waitForHttp(`${dashboardUrl}/`, dashboard, 60_000);
    timings['next start'] = Date.now() - nextStarted;

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.setDefaultTimeout(20_000);
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
    });
    timings['setup'] = Date.now() - suiteStarted;
  }, 230_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await stopAll();
    if (dataDir !== '') rmSync(dataDir, { recursive: true, force: true });
    timings['total'] = Date.now() - suiteStarted;
    writeFileSync(path.join(ARTIFACTS, 'e2e-timings.json'), `${JSON.stringify(timings, null, 2)}\n`);
  }, 30_000);

  it('lists the demo league with standings computed from results', async () => {
    await page.goto(`${dashboardUrl}/`);
    await page.getByRole('heading', { name: 'Demo League' }).waitFor();
    const games = await page.$$eval('[data-testid="games-table"] tbody tr', (rows) => rows.map((row) => row.getAttribute('data-game')));
    expect(games).toEqual(['demo-5', 'demo-4', 'demo-3', 'demo-2', 'demo-1']);
    const standings = page.getByTestId('standings-table');
    await expect(standings.locator('caption').textContent()).resolves.toContain('Computed by the dashboard from the results of 4 finished games');
    expect(await standings.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'overview.png'), fullPage: true });
  });

  it('shows a game with its price board, portfolios and charts', async () => {
    await page.goto(`${dashboardUrl}/`);
    await page.getByRole('link', { name: 'demo-1', exact: true }).click();
    await page.waitForURL(/\/games\/demo-1$/);
    await page.getByRole('heading', { name: 'Price board' }).waitFor();
    const data: { game: { priceBoard: { stocks: { stock: string; price: number }[] }; portfolios: { playerId: string; netWorth: number }[] } } = await api(
      `{ game(id: "demo-1") { priceBoard { stocks { stock price } } portfolios { playerId netWorth } } }`,
    );
    expect(await shownPrices(page, '.price-board')).toEqual(Object.fromEntries(data.game.priceBoard.stocks.map((quote) => [quote.stock, quote.price])));
    for (const portfolio of data.game.portfolios) {
      await expect(page.getByTestId(`net-worth-${portfolio.playerId}`).textContent()).resolves.toBe(dollars(portfolio.netWorth));
    }
    await page.getByText('Net worth over time').waitFor();
    expect(await page.locator('figure.chart svg path').count()).toBeGreaterThan(6);
    await page.screenshot({ path: path.join(ARTIFACTS, 'game.png'), fullPage: true });
  });

  it('updates a game in play live through the subscriptions', async () => {
    await page.goto(`${dashboardUrl}/games/demo-5`);
    await page.locator('[data-live-status="live"]').waitFor();
    const before = (await page.getByTestId('waiting-for').textContent()) ?? '';
    // Whoever the seeded game waits for finishes their trading, signed in with the demo account the seed created.
    const name = /waiting for ([A-Z][a-z]+)/.exec(before)?.[1];
    if (name === undefined) throw new Error(`demo-5 waits for nobody: ${before}`);
    const playerId = name.toLowerCase();
    const signIn = await api<{ signIn: { token: string } }>(
      `mutation ($input: SignInInput!) { signIn(input: $input) { token } }`,
      { input: { email: `${playerId}@demo.corbeille`, password: 'corbeille-demo' } },
    );
    await api(`mutation ($playerId: ID!) { finishTrading(input: { gameId: "demo-5", playerId: $playerId }) { alreadyApplied } }`, { playerId }, signIn.signIn.token);
    await page.locator('.feed li').filter({ hasText: `${name} finished trading` }).first().waitFor({ timeout: 15_000 });
    await page.waitForFunction((was) => document.querySelector('[data-testid="waiting-for"]')?.textContent !== was, before, { timeout: 15_000 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'game-live.png'), fullPage: true });
  });

  it('replays a game: slider, keys and buttons show the API state at each position', async () => {
    const events = await allEvents('demo-2');
    const start = events[60];
    if (start === undefined) throw new Error('demo-2 is shorter than expected');
    await page.goto(`${dashboardUrl}/games/demo-2/replay?position=${start.position}`);
    const state = page.getByTestId('replay-state');
    await page.locator(`[data-snapshot-position="${start.position}"]`).waitFor();
    expect(await shownPrices(page, '[data-testid="replay-state"]')).toEqual(await pricesAt('demo-2', start.position));

    const slider = page.getByRole('slider');
    await slider.focus();
    for (let step = 0; step < 5; step += 1) await page.keyboard.press('ArrowRight');
    const afterKeys = events[65];
    if (afterKeys === undefined) throw new Error('demo-2 is shorter than expected');
    await page.waitForURL(new RegExp(`position=${afterKeys.position}$`));
    await page.locator(`[data-snapshot-position="${afterKeys.position}"]`).waitFor();
    expect(await state.getAttribute('aria-busy')).toBe('false');
    expect(await shownPrices(page, '[data-testid="replay-state"]')).toEqual(await pricesAt('demo-2', afterKeys.position));
    expect(await slider.getAttribute('aria-valuetext')).toContain(`position ${afterKeys.position}`);

    await page.getByRole('button', { name: 'End of the next round' }).click();
    const nextRound = events.find((event, index) => index > 65 && event.type === 'RoundCompleted');
    if (nextRound === undefined) throw new Error('no round end after event 65');
    await page.locator(`[data-snapshot-position="${nextRound.position}"]`).waitFor();
    expect(await shownPrices(page, '[data-testid="replay-state"]')).toEqual(await pricesAt('demo-2', nextRound.position));
    await expect(page.getByTestId('replay-event').textContent()).resolves.toContain(`Round ${String(nextRound.data['round'])} completed`);

    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('ArrowLeft');
    const previous = events[events.indexOf(nextRound) - 1];
    if (previous === undefined) throw new Error('no event before the round end');
    await page.locator(`[data-snapshot-position="${previous.position}"]`).waitFor();
    expect(await shownPrices(page, '[data-testid="replay-state"]')).toEqual(await pricesAt('demo-2', previous.position));
    await page.screenshot({ path: path.join(ARTIFACTS, 'replay.png'), fullPage: true });

    const from = events.indexOf(previous);
    await page.getByLabel('Speed').selectOption('10');
    await page.getByRole('button', { name: 'Play' }).click();
    const target = events[from + 4];
    if (target === undefined) throw new Error('demo-2 ends too soon for autoplay');
    await page.waitForFunction((position) => Number(new URL(window.location.href).searchParams.get('position')) >= position, target.position);
    await page.getByRole('button', { name: 'Pause' }).click();
    const paused = Number(new URL(page.url()).searchParams.get('position'));
    await page.locator(`[data-snapshot-position="${paused}"]`).waitFor();
    expect(await shownPrices(page, '[data-testid="replay-state"]')).toEqual(await pricesAt('demo-2', paused));
  });

  it('shows the audit trail with readable sentences, filters, paging and replay links', async () => {
    const events = await allEvents('demo-1');
    await page.goto(`${dashboardUrl}/games/demo-1/events`);
    await page.getByRole('heading', { name: 'Audit trail' }).waitFor();
    const bought = events.find((event) => event.type === 'SharesBought');
    if (bought === undefined) throw new Error('demo-1 has no purchase');
    const names: Record<string, string> = { alice: 'Alice', bruno: 'Bruno', chloe: 'Chloe' };
    const { playerId, shares, stock, price, cost } = bought.data as { playerId: string; shares: number; stock: string; price: number; cost: number };
    const sentence = `${names[playerId]} bought ${shares.toLocaleString('en-US')} ${stock} at ${dollars(price)} (${dollars(cost)})`;
    const row = page.locator(`tr[data-position="${bought.position}"]`);
    await expect(row.getByTestId('event-sentence').textContent()).resolves.toBe(sentence);
    expect(await page.locator('[data-testid="events-table"] tbody tr').count()).toBe(50);
    await page.screenshot({ path: path.join(ARTIFACTS, 'events.png'), fullPage: true });

    // The API filters the whole stream: Bruno's rolls, wherever they are.
    const tableRows = page.locator('[data-testid="events-table"] tbody tr');
    const shownPositions = () => page.$$eval('[data-testid="events-table"] tbody tr', (rows) => rows.map((entry) => Number(entry.getAttribute('data-position'))));
    await page.getByLabel('Player', { exact: true }).selectOption('bruno');
    await page.getByLabel('Event type', { exact: true }).selectOption('DiceRolled');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('player') === 'bruno' && url.searchParams.get('type') === 'DiceRolled');
    const countOf = async (filters: string) =>
      (await api<{ game: { events: { totalCount: number } } }>(`{ game(id: "demo-1") { events(first: 1, ${filters}) { totalCount } } }`)).game.events.totalCount;
    const brunoRolls = await countOf('playerId: "bruno", types: ["DiceRolled"]');
    expect(brunoRolls).toBe(events.filter((event) => event.type === 'DiceRolled' && event.data['playerId'] === 'bruno').length);
    await expect(page.getByTestId('event-count').getAttribute('data-total')).resolves.toBe(String(brunoRolls));
    const types = await page.$$eval('[data-testid="events-table"] tbody tr', (rows) => rows.map((entry) => entry.getAttribute('data-type')));
    expect(types.length).toBe(Math.min(50, brunoRolls));
    expect(new Set(types)).toEqual(new Set(['DiceRolled']));
    const sentences = await page.$$eval('[data-testid="event-sentence"]', (cells) => cells.map((cell) => cell.textContent ?? ''));
    expect(sentences.every((text) => text.startsWith('Bruno rolled '))).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'events-filtered.png'), fullPage: true });

    // Every event of Bruno's fills more than a page: the next page, and back.
    await page.getByLabel('Event type', { exact: true }).selectOption('');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('player') === 'bruno' && url.searchParams.get('type') === '');
    const brunos = await countOf('playerId: "bruno"');
    expect(brunos).toBeGreaterThan(50);
    await expect(page.getByTestId('event-count').getAttribute('data-total')).resolves.toBe(String(brunos));
    const firstPage = await shownPositions();
    expect(firstPage).toHaveLength(50);
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.has('after') && url.searchParams.get('player') === 'bruno');
    await tableRows.first().waitFor();
    const secondPage = await shownPositions();
    expect(secondPage.length).toBe(Math.min(50, brunos - 50));
    expect(Math.min(...secondPage)).toBeGreaterThan(Math.max(...firstPage));
    await page.getByRole('link', { name: 'Previous page' }).click();
    await page.waitForURL((url) => url.searchParams.has('before') && url.searchParams.get('player') === 'bruno');
    await tableRows.first().waitFor();
    expect(await shownPositions()).toEqual(firstPage);

    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.pathname === '/games/demo-1/events' && url.search === '');
    await row.getByRole('link', { name: `Replay at position ${bought.position}` }).click();
    await page.waitForURL(new RegExp(`/games/demo-1/replay\\?position=${bought.position}$`));
    await page.locator(`[data-snapshot-position="${bought.position}"]`).waitFor();
    await expect(page.getByTestId('replay-event').textContent()).resolves.toContain(sentence);
  });

  // ---- Accounts, leagues, classes, admin, BOLSA and Maxi Bourse (signed-in pages) ----------------

  const contexts: BrowserContext[] = [];

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
  });

  /** A fresh browser session (its own cookies), page errors collected like the main page's. */
  async function freshPage(): Promise<Page> {
    if (browser === undefined) throw new Error('no browser');
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const fresh = await context.newPage();
    fresh.setDefaultTimeout(20_000);
    fresh.on('pageerror', (error) => pageErrors.push(error.message));
    fresh.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) pageErrors.push(message.text());
    });
    return fresh;
  }

  async function signInThrough(target: Page, email: string): Promise<void> {
    await target.getByLabel('Email').fill(email);
    await target.getByLabel('Password').fill('corbeille-demo');
    await target.getByRole('button', { name: 'Sign in' }).click();
  }

  async function apiToken(email: string): Promise<string> {
    const data = await api<{ signIn: { token: string } }>(`mutation ($input: SignInInput!) { signIn(input: $input) { token } }`, {
      input: { email, password: 'corbeille-demo' },
    });
    return data.signIn.token;
  }

  let organiser: Page;
  let teacher: Page;

  it('signs in (errors shown, the form kept), shows the account, sends pages that need one to sign in, and signs out', async () => {
    organiser = await freshPage();
    await organiser.goto(`${dashboardUrl}/leagues`);
    await organiser.waitForURL(/\/sign-in\?next=%2Fleagues$/);
    await organiser.getByLabel('Email').fill('organiser@demo.corbeille');
    await organiser.getByLabel('Password').fill('not-the-password');
    await organiser.getByRole('button', { name: 'Sign in' }).click();
    await organiser.getByRole('alert').filter({ hasText: 'Could not sign in' }).waitFor();
    await expect(organiser.getByLabel('Email').inputValue()).resolves.toBe('organiser@demo.corbeille');
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'sign-in-error.png'), fullPage: true });
    await organiser.getByLabel('Password').fill('corbeille-demo');
    await organiser.getByRole('button', { name: 'Sign in' }).click();
    await organiser.waitForURL(/\/leagues$/);
    await expect(organiser.getByTestId('account').textContent()).resolves.toContain('Olivia Organiser');
    const cookies = await organiser.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'corbeille_session')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    await expect(organiser.evaluate(() => document.cookie)).resolves.not.toContain('corbeille_session');
    await organiser.getByTestId('leagues-list').getByRole('link', { name: 'Demo League' }).waitFor();
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'leagues.png'), fullPage: true });

    const leaving = await freshPage();
    await leaving.goto(`${dashboardUrl}/sign-in`);
    await signInThrough(leaving, 'didier@demo.corbeille');
    await leaving.waitForURL(`${dashboardUrl}/`);
    await expect(leaving.getByTestId('account').textContent()).resolves.toContain('Didier');
    await leaving.getByRole('button', { name: 'Sign out' }).click();
    await leaving.waitForURL(/\/sign-in$/);
    await leaving.goto(`${dashboardUrl}/account/tokens`);
    await leaving.waitForURL(/\/sign-in\?next=%2Faccount%2Ftokens$/);

    // A session the API no longer accepts (say the API restarted with a new secret) reads as signed out.
    const stale = await freshPage();
    await stale.context().addCookies([{ name: 'corbeille_session', value: 'not.a.valid-token', url: dashboardUrl, httpOnly: true, sameSite: 'Lax' }]);
    await stale.goto(`${dashboardUrl}/`);
    await stale.getByRole('heading', { name: 'Demo League' }).waitFor();
    await expect(stale.getByTestId('account').textContent()).resolves.toBe('Sign in');
    await stale.goto(`${dashboardUrl}/leagues`);
    await stale.waitForURL(/\/sign-in\?next=%2Fleagues$/);
  });

  it("shows a league's seasons, tables and standings with the rank history chart, as the API has them", async () => {
    await organiser.goto(`${dashboardUrl}/leagues/demo-league`);
    const { league } = await api<{ league: { seasons: { standings: { rank: number; displayName: string; points: number }[]; tables: { gameId: string }[] }[] } }>(
      `{ league(id: "demo-league") { seasons { standings { rank displayName points } tables { gameId } } } }`,
      {},
      await apiToken('organiser@demo.corbeille'),
    );
    const season = league.seasons[0];
    if (season === undefined) throw new Error('the demo league has no season');
    const rows = await organiser.$$eval('[data-testid="season-standings"] tbody tr', (cells) =>
      cells.map((row) => [...row.querySelectorAll('td, th')].slice(0, 3).map((cell) => cell.textContent ?? '')),
    );
    expect(rows).toEqual(season.standings.map((standing) => [String(standing.rank), standing.displayName, String(standing.points)]));
    const tables = await organiser.$$eval('[data-testid="season-tables"] tbody th a', (links) => links.map((link) => link.textContent));
    expect(tables).toEqual(season.tables.map((table) => table.gameId));
    await organiser.getByText('Rank history').first().waitFor();
    expect(await organiser.locator('figure.chart svg path').count()).toBeGreaterThanOrEqual(season.standings.length);
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'league.png'), fullPage: true });
  });

  it('lets the organiser add a member by email and change a role', async () => {
    await organiser.goto(`${dashboardUrl}/leagues/demo-league/members`);
    const form = organiser.getByTestId('add-member-form');
    await form.getByLabel('Email').fill('nobody@demo.corbeille');
    await form.getByRole('button', { name: 'Add' }).click();
    await organiser.getByRole('alert').filter({ hasText: 'nobody@demo.corbeille' }).waitFor();
    await expect(form.getByLabel('Email').inputValue()).resolves.toBe('nobody@demo.corbeille');
    await form.getByLabel('Email').fill('hugo@demo.corbeille');
    await form.getByLabel('Role').selectOption('SPECTATOR');
    await form.getByRole('button', { name: 'Add' }).click();
    const row = organiser.locator('[data-testid="members-table"] tr[data-account="demo-hugo"]');
    await row.waitFor();
    await row.getByLabel('Role of Hugo').selectOption('PLAYER');
    await organiser.getByRole('status').filter({ hasText: 'Hugo has a new role' }).waitFor();
    const { league } = await api<{ league: { members: { accountId: string; role: string }[] } }>(
      `{ league(id: "demo-league") { members { accountId role } } }`,
      {},
      await apiToken('organiser@demo.corbeille'),
    );
    expect(league.members.find((member) => member.accountId === 'demo-hugo')?.role).toBe('PLAYER');
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'members.png'), fullPage: true });
  });

  it('creates an API token shown once, lists it with its last use, and revokes it', async () => {
    await organiser.goto(`${dashboardUrl}/account/tokens`);
    const form = organiser.getByTestId('create-token-form');
    await form.getByLabel('Name').fill('e2e export script');
    await form.getByRole('button', { name: 'Create token' }).click();
    const secret = (await organiser.getByTestId('token-secret').textContent())?.trim() ?? '';
    expect(secret.length).toBeGreaterThan(20);
    const me = await api<{ me: { displayName: string; via: string } | null }>(`{ me { displayName via } }`, {}, secret);
    expect(me.me).toEqual({ displayName: 'Olivia Organiser', via: 'API_TOKEN' });
    await organiser.reload();
    const row = organiser.locator('[data-testid="tokens-table"] tbody tr').filter({ hasText: 'e2e export script' });
    await expect(row.textContent()).resolves.not.toContain('never');
    expect(await organiser.getByTestId('token-secret').count()).toBe(0);
    organiser.once('dialog', (dialog) => void dialog.accept());
    await row.getByRole('button', { name: 'Revoke' }).click();
    await organiser.locator('[data-testid="tokens-table"] tr[data-status="revoked"]').filter({ hasText: 'e2e export script' }).waitFor();
    const refused = await fetch(`${apiUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    const refusedBody = (await refused.json()) as { data?: { me: unknown } | null; errors?: unknown[] };
    expect(refusedBody.errors?.length ?? 0).toBeGreaterThan(0);
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'tokens.png'), fullPage: true });
  });

  it("shows a class's students and trades; the teacher filters, annotates and exports the trades as CSV", async () => {
    teacher = await freshPage();
    await teacher.goto(`${dashboardUrl}/classes/demo-class`);
    await teacher.waitForURL(/\/sign-in/);
    await signInThrough(teacher, 'teacher@demo.corbeille');
    await teacher.waitForURL(/\/classes\/demo-class$/);
    const students = await teacher.$$eval('[data-testid="students"] li a', (links) => links.map((link) => link.textContent));
    expect(students).toEqual(['Hugo', 'Ines', 'Jules', 'Kenza']);
    await teacher.screenshot({ path: path.join(ARTIFACTS, 'class.png'), fullPage: true });

    await teacher.getByRole('link', { name: 'Kenza' }).click();
    await teacher.waitForURL(/\/classes\/demo-class\/audit\?student=demo-kenza$/);
    const token = await apiToken('teacher@demo.corbeille');
    const filter = { studentId: 'demo-kenza' };
    const { classTrades } = await api<{ classTrades: { totalCount: number; edges: { node: { id: string; studentName: string } }[] } }>(
      `query ($filter: ClassTradeFilter) { classTrades(classId: "demo-class", filter: $filter, first: 50) { totalCount edges { node { id studentName } } } }`,
      { filter },
      token,
    );
    const shown = await teacher.$$eval('[data-testid="class-trades"] tbody tr', (rows) => rows.map((row) => row.getAttribute('data-trade')));
    expect(shown).toEqual(classTrades.edges.map((edge) => edge.node.id));
    expect(classTrades.edges.every((edge) => edge.node.studentName === 'Kenza')).toBe(true);

    const first = classTrades.edges[0]?.node.id;
    if (first === undefined) throw new Error('Kenza has no trade');
    const row = teacher.locator(`tr[data-trade="${first}"]`);
    await row.getByRole('button', { name: 'Annotate' }).click();
    await row.getByLabel('Comment').fill('Sold into the newspaper: ask why.');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.locator('.annotation').filter({ hasText: 'Sold into the newspaper: ask why.' }).waitFor();
    const { tradeAnnotations } = await api<{ tradeAnnotations: { edges: { node: { comment: string } }[] } }>(
      `query ($tradeId: ID) { tradeAnnotations(classId: "demo-class", tradeId: $tradeId) { edges { node { comment } } } }`,
      { tradeId: first },
      token,
    );
    expect(tradeAnnotations.edges.map((edge) => edge.node.comment)).toEqual(['Sold into the newspaper: ask why.']);

    await teacher.getByRole('button', { name: 'Export these trades as CSV' }).click();
    const progress = teacher.locator('[data-testid="export-progress"][data-state="done"]');
    await progress.waitFor();
    const [download] = await Promise.all([teacher.waitForEvent('download'), teacher.getByTestId('export-download').click()]);
    expect(download.suggestedFilename()).toBe('demo-class-trades.csv');
    const savedTo = path.join(ARTIFACTS, 'demo-class-trades-kenza.csv');
    await download.saveAs(savedTo);
    const csv = readFileSync(savedTo, 'utf8');
    const { classTradesExport } = await api<{ classTradesExport: { content: string } }>(
      `query ($filter: ClassTradeFilter) { classTradesExport(classId: "demo-class", filter: $filter) { content } }`,
      { filter },
      token,
    );
    expect(csv).toBe(classTradesExport.content);
    const lines = csv.trim().split('\n');
    expect(lines[0]).toContain('trade_id');
    expect(lines.length - 1).toBe(classTrades.totalCount);
    expect(lines.slice(1).every((line) => line.includes(',Kenza,'))).toBe(true);
    await expect(progress.getAttribute('data-rows')).resolves.toBe(String(classTrades.totalCount));
    await teacher.screenshot({ path: path.join(ARTIFACTS, 'teacher-audit.png'), fullPage: true });
  });

  it("follows a class's game live as the signed-in student, whose socket carries a live ticket, not the session", async () => {
    const teacherToken = await apiToken('teacher@demo.corbeille');
    const kenzaToken = await apiToken('kenza@demo.corbeille');
    const { me } = await api<{ me: { id: string } }>(`{ me { id } }`, {}, kenzaToken);
    const gameId = 'e2e-class-live';
    const { scheduleTable } = await api<{ scheduleTable: { id: string } }>(
      `mutation ($input: ScheduleTableInput!) { scheduleTable(input: $input) { id } }`,
      { input: { seasonId: 'demo-term', gameType: 'BOLSA', gameId } },
      teacherToken,
    );
    await api(`mutation ($input: SeatPlayerInput!) { seatPlayer(input: $input) { id } }`, { input: { tableId: scheduleTable.id, playerId: 'kenza', accountId: me.id } }, teacherToken);
    await api(`mutation ($input: CreateBolsaGameInput!) { createBolsaGame(input: $input) { __typename } }`, { input: { gameId, league: 'demo-class' } }, teacherToken);

    const student = await freshPage();
    const sentInits: string[] = [];
    const received: string[] = [];
    student.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        if (typeof frame.payload === 'string' && frame.payload.includes('connection_init')) sentInits.push(frame.payload);
      });
      socket.on('framereceived', (frame) => {
        if (typeof frame.payload === 'string') received.push(frame.payload);
      });
    });
    await student.goto(`${dashboardUrl}/sign-in?next=${encodeURIComponent(`/games/${gameId}`)}`);
    await signInThrough(student, 'kenza@demo.corbeille');
    await student.waitForURL(new RegExp(`/games/${gameId}$`));
    await student.locator('[data-live-status="live"]').waitFor();
    const session = (await student.context().cookies()).find((cookie) => cookie.name === 'corbeille_session')?.value ?? '';
    expect(session).not.toBe('');
    expect(sentInits.length).toBeGreaterThan(0);
    expect(sentInits.every((init) => /"authorization":"Bearer cbl_/.test(init) && !init.includes(session))).toBe(true);

    // A move of hers arrives over the socket.
    await api(`mutation { joinBolsaGame(input: { gameId: "${gameId}", playerId: "kenza", name: "Kenza" }) { __typename } }`, {}, kenzaToken);
    const deadline = Date.now() + 15_000;
    while (!received.some((payload) => payload.includes('"type":"next"') && payload.includes('gameEvents')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(received.some((payload) => payload.includes('"type":"next"') && payload.includes('gameEvents'))).toBe(true);
    await expect(student.locator('[data-live-status]').getAttribute('data-live-status')).resolves.not.toBe('failed');
  });

  it('shows a BOLSA game and replays it; the referee views it as one player', async () => {
    const token = await apiToken('teacher@demo.corbeille');
    await teacher.goto(`${dashboardUrl}/games/class-bolsa-1`);
    await teacher.getByRole('heading', { name: 'Price board' }).waitFor();
    const { bolsaGame } = await api<{ bolsaGame: { board: { companies: { company: string; price: number }[] } } }>(
      `{ bolsaGame(id: "class-bolsa-1") { board { companies { company price } } } }`,
      {},
      token,
    );
    expect(await shownPrices(teacher, '[data-testid="company-board"]')).toEqual(Object.fromEntries(bolsaGame.board.companies.map((quote) => [quote.company, quote.price * 100])));
    await teacher.screenshot({ path: path.join(ARTIFACTS, 'bolsa-game.png'), fullPage: true });

    await teacher.goto(`${dashboardUrl}/games/class-bolsa-1/events`);
    await teacher.locator('[data-testid="event-log"] tbody tr').first().waitFor();
    const firstRow = teacher.locator('[data-testid="event-log"] tbody tr').nth(40);
    const position = Number(await firstRow.getAttribute('data-position'));
    await firstRow.getByRole('link', { name: 'Replay here' }).click();
    await teacher.waitForURL(new RegExp(`/games/class-bolsa-1/replay\\?position=${position}$`));
    await teacher.locator(`[data-snapshot-position="${position}"]`).waitFor();
    const at = async (viewAs: string | null) =>
      (
        await api<{ bolsaGameAt: { prices: { company: string; price: number }[]; players: { playerId: string; shares: { company: string; shares: number }[] | null }[] } }>(
          `query ($position: SafeInt!, $viewAs: ID) { bolsaGameAt(id: "class-bolsa-1", position: $position, viewAs: $viewAs) { prices { company price } players { playerId shares { company shares } } } }`,
          { position, viewAs },
          token,
        )
      ).bolsaGameAt;
    const asReferee = await at(null);
    expect(await shownPrices(teacher, '[data-testid="replay-state"]')).toEqual(Object.fromEntries(asReferee.prices.map((entry) => [entry.company, entry.price * 100])));
    await expect(teacher.getByTestId('replay-shares-ines').textContent()).resolves.not.toBe('hidden');

    await teacher.getByLabel('View as').selectOption('hugo');
    await teacher.locator('[data-testid="replay-state"][data-view-as="hugo"][aria-busy="false"]').waitFor();
    await teacher.waitForURL(/viewAs=hugo/);
    const asHugo = await at('hugo');
    expect(asHugo.players.find((player) => player.playerId === 'ines')?.shares).toBeNull();
    await expect(teacher.getByTestId('replay-shares-ines').textContent()).resolves.toBe('hidden');
    await expect(teacher.getByTestId('replay-shares-hugo').textContent()).resolves.not.toBe('hidden');
    await teacher.screenshot({ path: path.join(ARTIFACTS, 'bolsa-replay-view-as.png'), fullPage: true });
  });

  it('shows a Maxi Bourse table, its audit trail and its replay at the API state', async () => {
    const referee = await apiToken('organiser@demo.corbeille');
    const players = new Map([
      ['demo-alice', { name: 'Alice', token: await apiToken('alice@demo.corbeille') }],
      ['demo-bruno', { name: 'Bruno', token: await apiToken('bruno@demo.corbeille') }],
    ]);
    const table = await playMaxiBourseTable((query, variables, token) => api(query, variables, token), 'e2e-maxi', 'demo-league', referee, players, 16);
    expect(table.moves).toBeGreaterThan(4);
    await organiser.goto(`${dashboardUrl}/games/e2e-maxi`);
    await organiser.getByRole('heading', { name: 'Price board' }).waitFor();
    const { maxiBourseGame } = await api<{ maxiBourseGame: { priceBoard: { companies: { company: string; price: number }[] } } }>(
      `{ maxiBourseGame(id: "e2e-maxi") { priceBoard { companies { company price } } } }`,
      {},
      referee,
    );
    expect(await shownPrices(organiser, '[data-testid="company-board"]')).toEqual(
      Object.fromEntries(maxiBourseGame.priceBoard.companies.map((quote) => [quote.company, quote.price * 100])),
    );
    await organiser.getByTestId('pending-decision').waitFor();
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'maxi-bourse-game.png'), fullPage: true });
    // Live: one more move over the API, and the page follows.
    await organiser.locator('[data-live-status="live"]').waitFor();
    const newest = await organiser.locator('.feed li').first().textContent();
    expect(await playMaxiBourseMoves((query, variables, token) => api(query, variables, token), 'e2e-maxi', referee, players, 1)).toBe(1);
    await organiser.waitForFunction((was) => document.querySelector('.feed li')?.textContent !== was, newest, { timeout: 15_000 });

    await organiser.goto(`${dashboardUrl}/games/e2e-maxi/events`);
    const rows = organiser.locator('[data-testid="event-log"] tbody tr');
    await rows.first().waitFor();
    const position = Number(await rows.nth(5).getAttribute('data-position'));
    await organiser.goto(`${dashboardUrl}/games/e2e-maxi/replay?position=${position}`);
    await organiser.locator(`[data-snapshot-position="${position}"]`).waitFor();
    const { maxiBourseGameAt } = await api<{ maxiBourseGameAt: { prices: { company: string; price: number }[] } }>(
      `query ($position: SafeInt!) { maxiBourseGameAt(id: "e2e-maxi", position: $position) { prices { company price } } }`,
      { position },
      referee,
    );
    expect(await shownPrices(organiser, '[data-testid="replay-state"]')).toEqual(
      Object.fromEntries(maxiBourseGameAt.prices.map((entry) => [entry.company, entry.price * 100])),
    );
    await organiser.getByRole('slider').focus();
    await organiser.keyboard.press('ArrowRight');
    await organiser.waitForURL((url) => Number(url.searchParams.get('position')) > position);
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'maxi-bourse-replay.png'), fullPage: true });
  });

  it('opens a dispute from the audit trail; the referee compares before and after, previews a correction and upholds it', async () => {
    await organiser.goto(`${dashboardUrl}/games/demo-3/disputes`);
    const pause = organiser.getByTestId('dispute-settings').getByRole('checkbox');
    await pause.check();
    await organiser.waitForFunction(() => {
      const box = document.querySelector<HTMLInputElement>('[data-testid="dispute-settings"] input[type="checkbox"]');
      return box !== null && box.checked && !box.disabled;
    });
    const referee = await apiToken('organiser@demo.corbeille');
    const settings = await api<{ disputeSettings: { pauseOnDispute: boolean } }>(`{ disputeSettings(gameId: "demo-3") { pauseOnDispute } }`, {}, referee);
    expect(settings.disputeSettings.pauseOnDispute).toBe(true);
    await organiser.goto(`${dashboardUrl}/games/demo-3/events`);
    const row = organiser.locator('[data-testid="events-table"] tbody tr').nth(20);
    const position = Number(await row.getAttribute('data-position'));
    await row.getByRole('link', { name: `Dispute the event at position ${position}` }).click();
    await organiser.waitForURL(/\/games\/demo-3\/disputes\/new\?revision=\d+/);
    const form = organiser.getByTestId('open-dispute-form');
    await form.getByLabel('Your claim').fill('The die was misread: the price should not have moved.');
    await form.getByRole('button', { name: 'Open the dispute' }).click();
    await organiser.waitForURL((url) => url.pathname.startsWith('/disputes/'));
    const disputeId = decodeURIComponent(new URL(organiser.url()).pathname.split('/').pop() ?? '');
    await expect(organiser.getByTestId('dispute-status').textContent()).resolves.toBe('open');
    await organiser.getByTestId('before-after').waitFor();
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'dispute-open.png'), fullPage: true });

    const { game } = await api<{ game: { players: { playerId: string }[] } }>(`{ game(id: "demo-3") { players { playerId } } }`);
    const first = game.players[0]?.playerId;
    if (first === undefined) throw new Error('demo-3 has no player');
    const ruling = organiser.getByTestId('ruling-form');
    await ruling.getByLabel('Adjustment 1 player').selectOption(first);
    await ruling.getByLabel('Adjustment 1 amount').fill('10000');
    await ruling.getByRole('button', { name: 'Preview (what if)' }).click();
    const preview = organiser.getByTestId('remedy-preview');
    await preview.waitFor();
    await preview.locator(`tr[data-path*="${first}"]`).first().waitFor();
    await ruling.getByLabel('Reason (recorded with the ruling)').fill('Upheld: the table agreed; compensated in cash.');
    await ruling.getByRole('button', { name: 'Uphold and apply the remedy' }).click();
    await organiser.getByTestId('ruling').waitFor();
    await expect(organiser.getByTestId('dispute-status').textContent()).resolves.toBe('upheld');
    await organiser.screenshot({ path: path.join(ARTIFACTS, 'dispute-ruled.png'), fullPage: true });

    const { dispute } = await api<{ dispute: { status: string; pausesGame: boolean; ruling: { remedy: { adjustments: { playerId: string; delta: number }[] } } } }>(
      `query ($id: ID!) { dispute(id: $id) { status pausesGame ruling { remedy { adjustments { playerId delta } } } } }`,
      { id: disputeId },
      referee,
    );
    expect(dispute).toEqual({ status: 'UPHELD', pausesGame: true, ruling: { remedy: { adjustments: [{ playerId: first, delta: 10000 }] } } });

    await organiser.goto(`${dashboardUrl}/leagues/demo-league/disputes`);
    await organiser.locator(`[data-testid="disputes-table"] tr[data-dispute="${disputeId}"][data-status="UPHELD"]`).waitFor();
    await organiser.goto(`${dashboardUrl}/games/demo-3/events?type=CorrectionApplied`);
    await organiser.locator('[data-testid="events-table"] tr[data-type="CorrectionApplied"]').getByRole('link', { name: 'ruling' }).waitFor();
  });

  it('answers an unknown game with a not-found page', async () => {
    const response = await page.goto(`${dashboardUrl}/games/no-such-game`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Game not found' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'not-found.png'), fullPage: true });
  });
});
