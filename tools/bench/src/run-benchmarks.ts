import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CommandHandler } from '@corbeille/application';
import type { EventStore, NewEvent } from '@corbeille/event-store';
import { SqliteEventStore } from '@corbeille/event-store-sqlite';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, randomBot } from '@corbeille/stock-ticker';
import { playBotGame } from '@corbeille/tools-demo';

/**
 * On-demand benchmarks (not tests): `npm run bench`. Prints figures for
 *  - the SQLite adapter's append rate (one event per append, and 10 events per append),
 *  - a whole bot-played Stock Ticker game through the command handler on SQLite.
 * Sizes are set by BENCH_APPENDS (default 2000) and BENCH_ROUNDS (default 50).
 */
const appends = Number(process.env['BENCH_APPENDS'] ?? 2000);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 50);

function metadata(index: number) {
  return { commandId: `c${index}`, actor: 'bench', correlationId: `c${index}`, causationId: `c${index}`, occurredAt: new Date(0).toISOString() };
}

function event(index: number): NewEvent {
  return { type: 'DiceRolled', data: { stock: 'GOLD', action: 'UP', amount: 10, index }, metadata: metadata(index) };
}

async function appendRate(store: EventStore, batch: number): Promise<{ eventsPerSecond: number; appendsPerSecond: number; ms: number }> {
  const streams = 20;
  const revisions = new Map<string, number>();
  const started = performance.now();
  for (let i = 0; i < appends; i += 1) {
    const streamId = `bench-${batch}-${i % streams}`;
    const revision = revisions.get(streamId);
    const events = Array.from({ length: batch }, (_, k) => event(i * batch + k));
    const result = await store.appendToStream(streamId, events, revision ?? 'no-stream');
    revisions.set(streamId, result.nextExpectedRevision);
  }
  const ms = performance.now() - started;
  return { ms, appendsPerSecond: (appends / ms) * 1000, eventsPerSecond: ((appends * batch) / ms) * 1000 };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'corbeille-bench-'));
  try {
    const store = new SqliteEventStore({ path: join(dir, 'events.sqlite') });
    console.log(`SQLite append rate (WAL, synchronous=FULL), ${appends} appends over 20 streams, file in ${tmpdir()}`);
    for (const batch of [1, 10]) {
      const rate = await appendRate(store, batch);
      console.log(
        `  ${batch} event(s) per append: ${rate.appendsPerSecond.toFixed(0)} appends/s, ${rate.eventsPerSecond.toFixed(0)} events/s (${rate.ms.toFixed(0)} ms)`,
      );
    }

    const random = seededRandom(7);
    const handler = new CommandHandler(store, { randomSource: () => random, clock: () => '2026-01-01T00:00:00.000Z' });
    const players = ['ann', 'ben', 'cat', 'dan'].map((playerId, seat) => ({
      playerId,
      name: playerId,
      bot: seat % 2 === 0 ? greedyBot() : randomBot(random),
    }));
    const started = performance.now();
    const game = await playBotGame(handler, { gameId: 'bench-game', players, options: { roundLimit: rounds } });
    const ms = performance.now() - started;
    console.log(`Bot game, 4 players, ${rounds} rounds, through the command handler on SQLite:`);
    console.log(`  ${game.commands} commands, ${game.events} events, ${ms.toFixed(0)} ms (${((game.commands / ms) * 1000).toFixed(0)} commands/s), final phase ${game.state.phase}`);
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
