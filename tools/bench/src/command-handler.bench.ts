import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CommandHandler } from '@corbeille/application';
import type { EventStore } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, randomBot } from '@corbeille/stock-ticker';
import { playBotGame } from '@corbeille/tools-demo';
import { report, section } from './report';

/**
 * Whole bot-played Stock Ticker games through the command handler on SQLite (durable): load, decide,
 * append with the expected revision, read back. The reference is the same handler with its state cache
 * off, which folds the whole stream again for every command (what it did before the cache).
 */

export interface CommandHandlerBenchOptions {
  readonly dir: string;
  readonly rounds: number;
  readonly concurrentGames: number;
  /** Rounds of the concurrent games (the reference without cache is quadratic in the length of a game). */
  readonly concurrentRounds: number;
}

/** The store through the port only: the handler cannot use appendToStreamRecorded and reads its events back. */
function portOnly(store: SqliteEventStore): EventStore {
  return {
    appendToStream: (streamId, events, expected) => store.appendToStream(streamId, events, expected),
    readStream: (streamId, options) => store.readStream(streamId, options),
    streamRevision: (streamId) => store.streamRevision(streamId),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (handler, options) => store.subscribeToAll(handler, options),
    close: () => store.close(),
  };
}

async function play(
  path: string,
  cachedStreams: number,
  games: number,
  rounds: number,
  tag: string,
  readBack = false,
): Promise<{ commands: number; events: number; ms: number }> {
  const store = new SqliteEventStore({ path });
  try {
    const random = seededRandom(7);
    const handler = new CommandHandler(readBack ? portOnly(store) : store, { randomSource: () => random, clock: () => '2026-01-01T00:00:00.000Z', cachedStreams });
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: games }, (_, game) =>
        playBotGame(handler, {
          gameId: `${tag}-${game}`,
          players: ['ann', 'ben', 'cat', 'dan'].map((playerId, seat) => ({ playerId, name: playerId, bot: seat % 2 === 0 ? greedyBot() : randomBot(random) })),
          options: { roundLimit: rounds },
        }),
      ),
    );
    const ms = performance.now() - started;
    return { commands: results.reduce((sum, game) => sum + game.commands, 0), events: results.reduce((sum, game) => sum + game.events, 0), ms };
  } finally {
    await store.close();
  }
}

export async function benchCommandHandler(options: CommandHandlerBenchOptions): Promise<void> {
  section(`Command handler on SQLite (synchronous=FULL), bot games of ${options.rounds} rounds`);
  const uncached = await play(join(options.dir, 'handler-uncached.sqlite'), 0, 1, options.rounds, 'uncached');
  const cached = await play(join(options.dir, 'handler-cached.sqlite'), 1_000, 1, options.rounds, 'cached');
  const perSecond = (run: { commands: number; ms: number }) => (run.commands / run.ms) * 1000;
  report({
    name: 'one game, commands one after another',
    value: perSecond(cached),
    unit: 'commands/s',
    reference: { name: 'same handler without its state cache (folds the whole stream per command)', value: perSecond(uncached) },
    goal: { kind: 'none' },
    notes: [`${cached.commands} commands, ${cached.events} events; ${cached.ms.toFixed(0)} ms with the cache, ${uncached.ms.toFixed(0)} ms without`],
  });

  const concurrentUncached = await play(join(options.dir, 'handler-concurrent-uncached.sqlite'), 0, options.concurrentGames, options.concurrentRounds, 'cu');
  const concurrent = await play(join(options.dir, 'handler-concurrent.sqlite'), 1_000, options.concurrentGames, options.concurrentRounds, 'cc');
  report({
    name: `${options.concurrentGames} games of ${options.concurrentRounds} rounds at once (group commit shares the fsyncs)`,
    value: perSecond(concurrent),
    unit: 'commands/s',
    reference: { name: 'same without the state cache', value: perSecond(concurrentUncached) },
    goal: { kind: 'none' },
    notes: [`${concurrent.commands} commands, ${concurrent.events} events in ${concurrent.ms.toFixed(0)} ms`],
  });

  const readBack = await play(join(options.dir, 'handler-concurrent-read-back.sqlite'), 1_000, options.concurrentGames, options.concurrentRounds, 'cr', true);
  const again = await play(join(options.dir, 'handler-concurrent-again.sqlite'), 1_000, options.concurrentGames, options.concurrentRounds, 'ca');
  report({
    name: `${options.concurrentGames} games at once, events returned by the append`,
    value: perSecond(again),
    unit: 'commands/s',
    reference: { name: 'same, reading the appended events back (port only)', value: perSecond(readBack) },
    goal: { kind: 'none' },
  });
}
