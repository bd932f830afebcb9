import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { describeEventStore, openEventStore, openSeedStore, storageConfigFromEnv } from '@corbeille/infrastructure';
import { seedDemoLeague } from '@corbeille/tools-demo';
import { decideDemoSeed } from './demo-decision';

/**
 * `npm start`: the whole product on one machine. Seeds the demo league (once; outside production, or
 * in production only with `--demo`: see demo-decision.ts), starts the API, builds and starts the
 * dashboard, and stops both together.
 *   API_PORT (default 4000), DASHBOARD_PORT (default 3000), DATA_DIR, EVENTSTORE_URL as for the API;
 *   FORWARDED_VISITOR_SECRET (default: random per launch) is given to both.
 */
const root = resolve(__dirname, '..', '..', '..');
const apiPort = process.env['API_PORT'] ?? process.env['PORT'] ?? '4000';
const dashboardPort = process.env['DASHBOARD_PORT'] ?? '3000';
const nextBin = resolve(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const children: ChildProcess[] = [];

async function seed(dataDir: string): Promise<void> {
  const config = storageConfigFromEnv({ ...process.env, DATA_DIR: dataDir });
  const store = openEventStore(config);
  // The games' secret seeds go next to the events, where the API finds them: the game in play goes on fairly.
  const seeds = openSeedStore(config, store);
  try {
    const report = await seedDemoLeague({ store, seeds });
    console.log(
      report.skipped
        ? `Demo league already in ${describeEventStore(config)}.`
        : `Demo league seeded into ${describeEventStore(config)}: ${report.games.length + report.maxiBourseGames.length + report.classGames.length} games.`,
    );
  } finally {
    await seeds.close();
    await store.close();
  }
}

function start(name: string, command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(exitCode = 0): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(exitCode), 3000).unref();
  Promise.all(children.map((child) => new Promise((done) => (child.exitCode === null ? child.on('exit', done) : done(null))))).then(
    () => process.exit(exitCode),
  );
}

async function main(): Promise<void> {
  const dataDir = storageConfigFromEnv().dataDir;
  const demo = decideDemoSeed(process.argv.slice(2), process.env);
  console.log(`Demo league: ${demo.reason}.`);
  if (demo.seed) await seed(dataDir);

  const env = { NEXT_TELEMETRY_DISABLED: '1' };
  console.log('Building the dashboard…');
  const build = spawnSync(process.execPath, [nextBin, 'build'], {
    cwd: resolve(root, 'apps', 'dashboard'),
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`The dashboard build failed (exit ${build.status})`);

  const apiUrl = `http://localhost:${apiPort}`;
  // Shared by the two processes only: the API believes the visitor the dashboard names (so each visitor
  // has their own rate-limit budget) from a request carrying it, and from no one else.
  const forwardedVisitorSecret = process.env['FORWARDED_VISITOR_SECRET'] ?? randomBytes(32).toString('hex');
  start('API', process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], resolve(root, 'apps', 'api'), {
    PORT: apiPort,
    DATA_DIR: dataDir,
    FORWARDED_VISITOR_SECRET: forwardedVisitorSecret,
  });
  // server.js names each request's visitor for the API (apps/dashboard/README.md).
  start('Dashboard', process.execPath, ['server.js'], resolve(root, 'apps', 'dashboard'), {
    ...env,
    PORT: dashboardPort,
    API_URL: apiUrl,
    FORWARDED_VISITOR_SECRET: forwardedVisitorSecret,
  });
  console.log(`Corbeille: dashboard on http://localhost:${dashboardPort}, GraphQL on ${apiUrl}/graphql`);
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));
}

main().catch((error: unknown) => {
  console.error(error);
  stop(1);
});
