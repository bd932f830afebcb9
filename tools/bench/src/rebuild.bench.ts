import { fork } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { NewEvent } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { stockTickerGame } from './fixtures';
import type { ChildTask, ReadResult, RebuildResult, RestartResult } from './rebuild-child';
import { format, report, section } from './report';

/**
 * A large store rebuilt and restarted on: `games` bot-played Stock Ticker games of about 1,000 events
 * each, their commands interleaved in the log as concurrent games would be, appended straight to
 * SQLite (the appends of a round of commands over all games are group-committed together). Then, each
 * in a fresh process: the projections rebuilt from nothing, and the API started on the store.
 */

export interface RebuildBenchOptions {
  readonly dir: string;
  readonly games: number;
  /** Games generated and interleaved at a time (bounds the memory of the generator). */
  readonly chunk: number;
}

/** A game's events grouped by command (the events of a command share their metadata object). */
function commandsOf(events: readonly NewEvent[]): NewEvent[][] {
  const commands: NewEvent[][] = [];
  for (const event of events) {
    const last = commands[commands.length - 1];
    if (last && last[0]?.metadata === event.metadata) last.push(event);
    else commands.push([event]);
  }
  return commands;
}

export async function generate(path: string, options: Pick<RebuildBenchOptions, 'games' | 'chunk'>): Promise<{ events: number; ms: number; bytes: number }> {
  const store = new SqliteEventStore({ path });
  const started = performance.now();
  let events = 0;
  try {
    for (let first = 0; first < options.games; first += options.chunk) {
      const games = Array.from({ length: Math.min(options.chunk, options.games - first) }, (_, index) => {
        const game = stockTickerGame({ gameId: `rebuild-${first + index}`, seed: 10_000 + first + index, players: 4, roundLimit: 35, bots: 'mixed' });
        return { streamId: game.streamId, commands: commandsOf(game.events), revision: -1 };
      });
      const longest = Math.max(...games.map((game) => game.commands.length));
      for (let step = 0; step < longest; step += 1) {
        // One command of every game at once: one transaction, one fsync.
        await Promise.all(
          games.map(async (game) => {
            const command = game.commands[step];
            if (!command) return;
            const result = await store.appendToStream(game.streamId, command, game.revision < 0 ? 'no-stream' : game.revision);
            game.revision = result.nextExpectedRevision;
            events += command.length;
          }),
        );
      }
    }
  } finally {
    await store.close();
  }
  return { events, ms: performance.now() - started, bytes: statSync(path).size };
}

function child<Result>(task: ChildTask): Promise<Result> {
  return new Promise((resolve, reject) => {
    const process_ = fork(join(__dirname, 'rebuild-child.ts'), [JSON.stringify(task)], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: Result | undefined;
    process_.on('message', (message) => {
      result = message as Result;
    });
    process_.on('error', reject);
    process_.on('exit', (code) => (code === 0 && result ? resolve(result) : reject(new Error(`${task.kind} child exited with code ${code}`))));
  });
}

export async function benchRebuild(options: RebuildBenchOptions): Promise<void> {
  section(`Rebuild and restart on ${options.games.toLocaleString('en-GB')} games (about ${(options.games / 1000).toLocaleString('en-GB')} M events)`);
  const dir = join(options.dir, 'rebuild');
  mkdirSync(dir, { recursive: true });
  const eventsPath = join(dir, 'events.sqlite');
  const generated = await generate(eventsPath, options);
  console.log(
    `  generated ${generated.events.toLocaleString('en-GB')} events of ${options.games} interleaved games in ${format(generated.ms / 1000)} s ` +
      `(${format((generated.events / generated.ms) * 1000)} events/s, bot play included); store ${format(generated.bytes / 1024 / 1024)} MiB`,
  );

  const readModelsPath = join(dir, 'read-models.sqlite');
  // Each in a fresh process: the reference's read, then the rebuild.
  const reference = await child<ReadResult>({ kind: 'read', eventsPath });
  const measured = await child<RebuildResult>({ kind: 'rebuild', eventsPath, readModelsPath });
  if (measured.checkpoint !== reference.last) throw new Error(`The rebuild stopped at position ${measured.checkpoint}, not at the last event's ${reference.last}`);
  const rebuilt = { events: reference.events, readMs: reference.readMs, rebuildMs: measured.rebuildMs, peakRssMiB: measured.peakRssMiB };
  const rate = (rebuilt.events / rebuilt.rebuildMs) * 1000;
  const full = rebuilt.events >= 1_000_000;
  report({
    name: full ? `rebuild every projection from ${rebuilt.events.toLocaleString('en-GB')} events` : `rebuild every projection, time projected to 1,000,000 events`,
    value: full ? rebuilt.rebuildMs / 1000 : 1_000_000 / rate,
    unit: 's',
    reference: { name: 'reading the same number of events with deserialisation', value: full ? rebuilt.readMs / 1000 : (1_000_000 * rebuilt.readMs) / rebuilt.events / 1000 },
    goal: { kind: 'below', value: 8 },
    notes: [
      `${rebuilt.events.toLocaleString('en-GB')} events rebuilt in ${format(rebuilt.rebuildMs / 1000)} s: ${format(rate)} events/s ` +
        `(1,000,000 in 8 s needs 125,000 events/s); the log alone reads at ${format((rebuilt.events / rebuilt.readMs) * 1000)} events/s`,
    ],
  });
  // The memory goal (1.5 GiB) is for the full store; on a smaller one the figures are only information.
  const memoryGoal = full ? ({ kind: 'below', value: 1536 } as const) : ({ kind: 'none' } as const);
  report({ name: 'peak RSS while rebuilding', value: rebuilt.peakRssMiB, unit: 'MiB', goal: memoryGoal });

  const emptyDir = join(dir, 'empty');
  const empty = await child<RestartResult>({ kind: 'api', dataDir: emptyDir, eventsPath: join(emptyDir, 'events.sqlite'), readModelsPath: join(emptyDir, 'read-models.sqlite') });
  // The first start folds the identity read models (same file as the game read models), then a restart finds everything up to date.
  const first = await child<RestartResult>({ kind: 'api', dataDir: dir, eventsPath, readModelsPath });
  const restart = await child<RestartResult>({ kind: 'api', dataDir: dir, eventsPath, readModelsPath });
  if (restart.games !== options.games) throw new Error(`The restarted API lists ${restart.games} games, not ${options.games}`);
  report({
    name: 'API ready after a restart (read models up to date)',
    value: restart.readyMs / 1000,
    unit: 's',
    reference: { name: 'API ready on an empty store', value: empty.readyMs / 1000 },
    goal: { kind: 'below', value: 10 },
    notes: [
      `from process start to /health and a query answered; ${format(restart.bootMs / 1000)} s of it after the modules were loaded; ` +
        `RSS ${format(restart.rssMiB)} MiB (peak ${format(restart.peakRssMiB)} MiB); ${restart.games} games listed, checkpoint ${restart.checkpoint}`,
      `first start on this store (identity read models caught up): ${format(first.readyMs / 1000)} s, peak RSS ${format(first.peakRssMiB)} MiB`,
    ],
  });

  const coldModels = join(dir, 'cold-read-models.sqlite');
  const cold = await child<RestartResult>({ kind: 'api', dataDir: dir, eventsPath, readModelsPath: coldModels });
  report({
    name: `API ready after a restart without read models (rebuilds them at start, ${rebuilt.events.toLocaleString('en-GB')} events)`,
    value: cold.readyMs / 1000,
    unit: 's',
    reference: { name: 'API ready on an empty store', value: empty.readyMs / 1000 },
    // The 10 s goal is for the full store (1 M events); on a smaller one the figure is only information.
    goal: full ? { kind: 'below', value: 10 } : { kind: 'none' },
    notes: [`peak RSS ${format(cold.peakRssMiB)} MiB; ${cold.games} games listed, checkpoint ${cold.checkpoint}`],
  });
  report({ name: 'peak RSS of the API (restart without read models)', value: cold.peakRssMiB, unit: 'MiB', goal: memoryGoal });
  rmSync(dir, { recursive: true, force: true });
}
