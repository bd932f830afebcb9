import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '@corbeille/kernel';
import { startApi, type ApiProcess } from './api-process';
import { checkDataDir, type DiskReport } from './disk-check';
import { CrashDriver, type Seat } from './driver';
import { data, OPERATIONS } from './graphql-client';

const KILLS = 20;
const SEED = 7;
const AUTH_SECRET = 'crash-harness-secret-of-at-least-32-characters';

jest.setTimeout(400_000);

/** The real API as a child process, killed with SIGKILL at random moments while it plays, and restarted each time. */
describe('the API killed at random moments', () => {
  let dataDir: string;
  let api: ApiProcess | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'corbeille-crash-'));
  });

  afterAll(async () => {
    await api?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signUp(url: string, name: string): Promise<Seat> {
    const { signUp: account } = await data<{ signUp: { token: string; account: { id: string } } }>(url, undefined, OPERATIONS.signUp, {
      input: { email: `${name}@example.com`, password: 'correct horse battery', displayName: name },
    });
    return { playerId: account.account.id, token: account.token };
  }

  it('keeps every acknowledged command exactly once, no command half-written, and projections equal to a rebuild', async () => {
    const started = performance.now();
    const random = seededRandom(SEED);
    const startTimes: number[] = [];
    const reports: DiskReport[] = [];
    const problems: string[] = [];
    let resentApplied = 0;
    let resentRefused = 0;

    api = await startApi({ dataDir, authSecret: AUTH_SECRET });
    startTimes.push(api.startMs);
    const seats: [Seat, Seat] = [await signUp(api.url, 'ann'), await signUp(api.url, 'ben')];
    const driver = new CrashDriver(seats);

    for (let kill = 1; kill <= KILLS; kill += 1) {
      const running: ApiProcess = api;
      const killAfter = random.int(200, 2000);
      const killed = new Promise<void>((done) => setTimeout(done, killAfter)).then(() => running.stop('SIGKILL'));
      await driver.drive(running.url, kill, killed);
      await killed;
      api = undefined;

      const report = await checkDataDir(dataDir, driver.fates);
      reports.push(report);
      problems.push(...report.problems.map((problem) => `after kill ${kill}: ${problem}`));

      api = await startApi({ dataDir, authSecret: AUTH_SECRET });
      startTimes.push(api.startMs);
      const resent = await driver.resend(api.url);
      resentApplied += resent.applied;
      resentRefused += resent.refused;
    }

    // A last clean stop, then the same checks once more (the resent commands included).
    await api.stop('SIGTERM');
    api = undefined;
    const final = await checkDataDir(dataDir, driver.fates);
    problems.push(...final.problems.map((problem) => `after the last stop: ${problem}`));
    expect(problems).toEqual([]);

    const fates = [...driver.fates.values()];
    const count = (kind: string) => fates.filter((fate) => fate.kind === kind).length;
    expect(count('acknowledged')).toBeGreaterThan(KILLS);
    expect(driver.pending).toBe(0);
    const lags = reports.map((report) => report.projectionLag);
    const lostButWritten = reports.reduce((sum, report) => sum + report.lostButWritten, 0);
    console.log(
      `crash harness: ${KILLS} SIGKILLs (seed ${SEED}) in ${Math.round(performance.now() - started)} ms; ` +
        `API start ${Math.min(...startTimes)}-${Math.max(...startTimes)} ms (mean ${Math.round(startTimes.reduce((a, b) => a + b, 0) / startTimes.length)}); ` +
        `${driver.fates.size} commands: ${count('acknowledged')} acknowledged, ${count('refused')} refused; ` +
        `${lostButWritten} unanswered at a kill but found written; resent after restart: ${resentApplied} applied, ${resentRefused} refused; ` +
        `${final.events} events in ${final.games} games (${driver.gamesPlayed} reached); projection lag at kills max ${Math.max(...lags)} events; ` +
        `${reports.filter((report) => report.comparedWithRebuild).length + (final.comparedWithRebuild ? 1 : 0)} of ${reports.length + 1} checks compared the read models on disk with a fresh rebuild model by model`,
    );
  });
});
