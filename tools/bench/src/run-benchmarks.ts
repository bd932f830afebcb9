// First: the mode must be set before graphql-js is loaded.
import './production-mode';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { benchCommandHandler } from './command-handler.bench';
import { benchEngineFold } from './engine-fold.bench';
import { benchEventStore } from './event-store.bench';
import { benchGraphQLLoad } from './graphql-load.bench';
import { benchLive } from './live.bench';
import { benchRebuild } from './rebuild.bench';
import { printSummary } from './report';
import { benchTimeTravel } from './time-travel.bench';

/**
 * On-demand benchmarks (not tests): `npm run bench` (a few minutes) or `npm run bench -- --full` (the
 * sizes of the performance goals: 1,000 games / about 1.1 M events for the rebuild, longer runs).
 * `--sections=engine,store,handler,time-travel,graphql,live,rebuild` runs some of them. At the
 * repository root, `npm run bench -- --full` reaches this script as npm_config_full (npm warns that it
 * will stop doing so); `npm run bench -- -- --full` passes the flags themselves, and BENCH_FULL=1 /
 * BENCH_SECTIONS=... work everywhere. BENCH_GAMES overrides the number of games of the rebuild. Files
 * go to a temporary directory under BENCH_DIR (default: the system's temp directory), removed at the end.
 * Every figure is printed with the reference measured in the same run and their ratio, then a summary.
 */

const SECTIONS = ['engine', 'store', 'handler', 'time-travel', 'graphql', 'live', 'rebuild'] as const;
type Section = (typeof SECTIONS)[number];

interface Sizes {
  readonly engineSeconds: number;
  readonly singleAppends: number;
  readonly batchAppends: number;
  readonly readEvents: number;
  readonly storeRounds: number;
  readonly handlerRounds: number;
  readonly concurrentRounds: number;
  readonly timeTravelQueries: number;
  readonly timeTravelReferenceQueries: number;
  readonly loadSeconds: number;
  readonly liveUpdates: number;
  readonly rebuildGames: number;
}

const QUICK: Sizes = {
  engineSeconds: 1,
  singleAppends: 1_000,
  batchAppends: 100,
  readEvents: 100_000,
  storeRounds: 3,
  handlerRounds: 50,
  concurrentRounds: 15,
  timeTravelQueries: 500,
  timeTravelReferenceQueries: 10,
  loadSeconds: 10,
  liveUpdates: 100,
  rebuildGames: 100,
};

const FULL: Sizes = {
  engineSeconds: 3,
  singleAppends: 3_000,
  batchAppends: 300,
  readEvents: 200_000,
  storeRounds: 5,
  handlerRounds: 100,
  concurrentRounds: 30,
  timeTravelQueries: 2_000,
  timeTravelReferenceQueries: 20,
  loadSeconds: 30,
  liveUpdates: 100,
  rebuildGames: 1_000,
};

function parseArgs(argv: readonly string[]): { full: boolean; sizes: Sizes; sections: Section[] } {
  const full = argv.includes('--full') || process.env['npm_config_full'] === 'true' || process.env['BENCH_FULL'] === '1';
  const only =
    argv.find((arg) => arg.startsWith('--sections='))?.slice('--sections='.length) ?? process.env['npm_config_sections'] ?? process.env['BENCH_SECTIONS'];
  const sections = only ? only.split(',').map((name) => name.trim()) : [...SECTIONS];
  const unknown = sections.filter((name) => !SECTIONS.some((known) => known === name));
  if (unknown.length > 0) throw new Error(`Unknown benchmark(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  const base = full ? FULL : QUICK;
  const games = process.env['BENCH_GAMES'];
  return { full, sizes: games ? { ...base, rebuildGames: Number(games) } : base, sections: sections as Section[] };
}

function describeMachine(dir: string): void {
  const cpu = cpus();
  const db = new Database(':memory:');
  const sqlite = (db.prepare('SELECT sqlite_version() AS version').get() as { version: string }).version;
  db.close();
  let filesystem = 'unknown';
  try {
    filesystem = execFileSync('df', ['-T', dir], { encoding: 'utf8' }).trim().split('\n').slice(-1)[0] ?? filesystem;
  } catch {
    // df is not everywhere.
  }
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    // Not a git checkout.
  }
  console.log(`Machine: ${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM, Node ${process.version}, SQLite ${sqlite}`);
  console.log(`Files in ${dir} (${filesystem.replace(/\s+/g, ' ')}); commit ${commit} (plus uncommitted changes, if any)`);
  console.log(`NODE_ENV=${process.env['NODE_ENV'] ?? ''} (the API as deployed; set NODE_ENV=development to measure it with development checks)`);
  console.log(`Load average at the start: ${describeLoad()} (anything else running on the machine shows in every figure)`);
}

function describeLoad(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(' / ');
}

async function main(): Promise<void> {
  const { full, sizes, sections } = parseArgs(process.argv.slice(2));
  const dir = mkdtempSync(join(process.env['BENCH_DIR'] ?? tmpdir(), 'corbeille-bench-'));
  const started = Date.now();
  describeMachine(dir);
  console.log(`Sizes: ${full ? 'full' : 'quick (npm run bench -- --full for the full sizes)'}; ${JSON.stringify(sizes)}`);
  try {
    for (const name of sections) {
      switch (name) {
        case 'engine':
          benchEngineFold(sizes.engineSeconds);
          break;
        case 'store':
          await benchEventStore({
            dir,
            singleAppends: sizes.singleAppends,
            batchAppends: sizes.batchAppends,
            batchSize: 100,
            readEvents: sizes.readEvents,
            rounds: sizes.storeRounds,
          });
          break;
        case 'handler':
          await benchCommandHandler({ dir, rounds: sizes.handlerRounds, concurrentGames: 32, concurrentRounds: sizes.concurrentRounds });
          break;
        case 'time-travel':
          await benchTimeTravel({
            dir,
            queries: sizes.timeTravelQueries,
            referenceQueries: sizes.timeTravelReferenceQueries,
            everyCandidates: [100, 250, 500, 1_000, 2_500, 5_000],
            goalMs: 20,
          });
          break;
        case 'graphql':
          await benchGraphQLLoad({ dir, clients: 32, warmupMs: 3_000, durationMs: sizes.loadSeconds * 1000 });
          break;
        case 'live':
          await benchLive({ dir, subscribers: 1_000, updates: sizes.liveUpdates, pauseMs: 100 });
          break;
        case 'rebuild':
          await benchRebuild({ dir, games: sizes.rebuildGames, chunk: 100 });
          break;
      }
    }
    printSummary();
    console.log(`\nDone in ${((Date.now() - started) / 1000).toFixed(0)} s; load average at the end: ${describeLoad()}.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  // Servers' keep-alive timers and sockets must not keep the process alive.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
