import { statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { foldAt, type StreamPoint } from '@corbeille/application';
import type { RecordedEvent } from '@corbeille/event-store';
import { SqliteEventStore, SqliteSnapshotHistory } from '@corbeille/event-store-sqlite';
import { seededRandom } from '@corbeille/kernel';
import { stockTicker } from '@corbeille/stock-ticker';
import { stockTickerGame } from './fixtures';
import { format, percentile, report, section, sortedCopy } from './report';
import { runWorker } from './workers';

/**
 * Time travel on one long game: the state at random points (half by revision, half by global position)
 * with `foldAt`, from SQLite, with snapshots every N events kept in SQLite, for several N. The reference
 * is the same fold without snapshots.
 */

export interface TimeTravelBenchOptions {
  readonly dir: string;
  /** Points travelled to per N. */
  readonly queries: number;
  /** Points travelled to without snapshots (each folds up to the whole game). */
  readonly referenceQueries: number;
  readonly everyCandidates: readonly number[];
  /** Goal for the p99 of the chosen N. */
  readonly goalMs: number;
}

function fileSize(path: string): number {
  let size = 0;
  for (const suffix of ['', '-wal']) {
    try {
      size += statSync(path + suffix).size;
    } catch {
      // No WAL file: nothing to add.
    }
  }
  return size;
}

type EventPoint = Pick<RecordedEvent, 'revision' | 'position'>;

function pointsFor(events: readonly EventPoint[], count: number, seed: number): StreamPoint[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const event = events[random.int(0, events.length - 1)] as EventPoint;
    return index % 2 === 0 ? { revision: event.revision } : { position: event.position };
  });
}

async function latencies(
  store: SqliteEventStore,
  streamId: string,
  points: readonly StreamPoint[],
  snapshots: SqliteSnapshotHistory | undefined,
  keepStates = false,
): Promise<{ sorted: number[]; states: string[] }> {
  const times: number[] = [];
  const states: string[] = [];
  for (const point of points) {
    const started = performance.now();
    const { state } = await foldAt(stockTicker, store, streamId, point, snapshots ? { snapshots } : {});
    times.push(performance.now() - started);
    if (keepStates) states.push(JSON.stringify(state));
  }
  return { sorted: sortedCopy(times), states };
}

/** Writes one long bot-played game; only its stream id stays in memory. */
async function writeLongGame(store: SqliteEventStore): Promise<{ streamId: string }> {
  const game = stockTickerGame({ gameId: 'long-game', seed: 21, players: 8, roundLimit: 1_000, bots: 'random' });
  for (let from = 0; from < game.events.length; from += 10_000) {
    await store.appendToStream(game.streamId, game.events.slice(from, from + 10_000), from === 0 ? 'no-stream' : from - 1);
  }
  return { streamId: game.streamId };
}

export interface TimeTravelRow {
  readonly every: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
  readonly snapshots: number;
  readonly bytes: number;
  readonly buildMs: number;
}

export interface TimeTravelMeasures {
  readonly events: number;
  readonly rows: TimeTravelRow[];
  readonly reference: { readonly p50: number; readonly p99: number; readonly points: number };
}

/** Runs in a worker thread (time-travel-worker.ts): its own heap, so other benchmarks' garbage does not time it. */
export async function measureTimeTravel(options: TimeTravelBenchOptions): Promise<TimeTravelMeasures> {
  const store = new SqliteEventStore({ path: join(options.dir, 'time-travel.sqlite') });
  try {
    const game = await writeLongGame(store);
    // Only where the events are: the events themselves would weigh on the garbage collector while timing.
    const events: EventPoint[] = (await store.readStream(game.streamId)).map(({ revision, position }) => ({ revision, position }));

    const referencePoints = pointsFor(events, options.referenceQueries, 1);
    const reference = await latencies(store, game.streamId, referencePoints, undefined, true);

    const rows: TimeTravelRow[] = [];
    for (const every of options.everyCandidates) {
      const path = join(options.dir, `snapshots-${every}.sqlite`);
      const snapshots = new SqliteSnapshotHistory({ path });
      try {
        const started = performance.now();
        // Travelling once to the end saves every snapshot on the way.
        await foldAt(stockTicker, store, game.streamId, { revision: events.length - 1 }, { snapshots, snapshotEvery: every });
        const buildMs = performance.now() - started;
        // The same points as the reference first (to check the states), then fresh ones.
        const checked = await latencies(store, game.streamId, referencePoints, snapshots, true);
        checked.states.forEach((state, index) => {
          if (state !== reference.states[index]) throw new Error(`State at ${JSON.stringify(referencePoints[index])} differs with N=${every}`);
        });
        const measured = await latencies(store, game.streamId, pointsFor(events, options.queries, every), snapshots);
        rows.push({
          every,
          p50: percentile(measured.sorted, 50),
          p99: percentile(measured.sorted, 99),
          max: percentile(measured.sorted, 100),
          snapshots: snapshots.count(game.streamId),
          bytes: fileSize(path),
          buildMs,
        });
      } finally {
        snapshots.close();
      }
    }
    return {
      events: events.length,
      rows,
      reference: { p50: percentile(reference.sorted, 50), p99: percentile(reference.sorted, 99), points: referencePoints.length },
    };
  } finally {
    await store.close();
  }
}

export async function benchTimeTravel(options: TimeTravelBenchOptions): Promise<void> {
  section('Time travel: the state at any point of a long game (foldAt, SQLite events and snapshots)');
  const { events, rows, reference } = await runWorker<TimeTravelMeasures>('time-travel-worker.ts', options).done;
  console.log(`  one Stock Ticker game of ${events.toLocaleString('en-GB')} events (8 random bots, 1,000 rounds)`);
  console.log('  N (events per snapshot) | p50 ms | p99 ms | max ms | snapshots | snapshot file + WAL | build (one pass)');
  for (const row of rows) {
    console.log(
      `  ${String(row.every).padStart(24)} | ${format(row.p50).padStart(6)} | ${format(row.p99).padStart(6)} | ${format(row.max).padStart(6)} | ${String(row.snapshots).padStart(9)} | ${(row.bytes / 1024).toFixed(0).padStart(15)} KiB | ${row.buildMs.toFixed(0)} ms`,
    );
  }
  // The largest N (fewest snapshots) whose p99 stays within a quarter of the goal, leaving room for a loaded server.
  const chosen = [...rows].reverse().find((row) => row.p99 <= options.goalMs / 4) ?? rows.reduce((best, row) => (row.p99 < best.p99 ? row : best));
  report({
    name: `state at a random point, N=${chosen.every}, p99`,
    value: chosen.p99,
    unit: 'ms',
    reference: { name: 'p99 without snapshots', value: reference.p99 },
    goal: { kind: 'below', value: options.goalMs },
    notes: [
      `${options.queries} points (half by revision, half by position); p50 ${format(chosen.p50)} ms, max ${format(chosen.max)} ms; reference p50 ${format(reference.p50)} ms over ${reference.points} points`,
      `N chosen as the largest candidate whose p99 is within a quarter of the goal; states checked equal to the full fold at ${reference.points} points for every N`,
    ],
  });
}
