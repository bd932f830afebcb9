import { CommandHandler } from '@corbeille/application';
import type { EventStore } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, randomBot, type StockTickerBot, type StockTickerOptions } from '@corbeille/stock-ticker';
import { playBotGame, stockTickerStreamId, type BotGameResult } from './bot-driver';

export const DEMO_LEAGUE = 'Demo League';

interface DemoGame {
  readonly gameId: string;
  readonly players: readonly string[];
  readonly options: Partial<StockTickerOptions>;
  readonly pauseAfterCommands?: number;
}

/** A small club season: finished games of several sizes and options, and one still in play. */
export const DEMO_GAMES: readonly DemoGame[] = [
  { gameId: 'demo-1', players: ['Alice', 'Bruno', 'Chloe'], options: { roundLimit: 10, tradingWindowEvery: 1 } },
  { gameId: 'demo-2', players: ['Alice', 'Bruno', 'Chloe', 'Didier'], options: { roundLimit: 12, tradingWindowEvery: 2 } },
  { gameId: 'demo-3', players: ['Bruno', 'Didier', 'Emma', 'Farid', 'Gaelle'], options: { roundLimit: 15, tradingWindowEvery: 3 } },
  { gameId: 'demo-4', players: ['Alice', 'Emma'], options: { roundLimit: 20, stocks: ['GOLD', 'OIL', 'GRAIN', 'TECH'] } },
  { gameId: 'demo-5', players: ['Chloe', 'Didier', 'Farid'], options: { roundLimit: 30 }, pauseAfterCommands: 80 },
];

export interface SeedOptions {
  readonly store: EventStore;
  /** Seed of the dice and of the random bots, so the demo is the same on every machine. */
  readonly seed?: number;
  /** When the first demo game started; each command is 15 simulated seconds later. */
  readonly startedAt?: Date;
}

export interface SeedReport {
  readonly skipped: boolean;
  readonly games: readonly (BotGameResult & { gameId: string })[];
}

const slug = (name: string) => name.toLowerCase();

/** Plays the demo league with bots through the command handler; does nothing if it is already there. */
export async function seedDemoLeague(options: SeedOptions): Promise<SeedReport> {
  const { store } = options;
  const first = DEMO_GAMES[0];
  if (first && (await store.streamRevision(stockTickerStreamId(first.gameId))) !== undefined) {
    return { skipped: true, games: [] };
  }
  const random = seededRandom(options.seed ?? 2026);
  let clock = (options.startedAt ?? new Date(Date.UTC(2026, 10, 3, 19, 0, 0))).getTime();
  const handler = new CommandHandler(store, { randomSource: () => random, clock: () => new Date(clock).toISOString() });

  const games: (BotGameResult & { gameId: string })[] = [];
  for (const [index, game] of DEMO_GAMES.entries()) {
    const players = game.players.map((name, seat) => {
      // One steady investor per table; the others play on impulse, so games differ.
      const bot: StockTickerBot = seat === 0 ? greedyBot() : randomBot(random);
      return { playerId: slug(name), name, bot };
    });
    clock += 7 * 24 * 3600 * 1000 * (index === 0 ? 0 : 1);
    const result = await playBotGame(handler, {
      gameId: game.gameId,
      players,
      options: game.options,
      metadata: { league: DEMO_LEAGUE },
      beforeCommand: () => {
        clock += 15_000;
      },
      pauseAfterCommands: game.pauseAfterCommands,
    });
    games.push({ ...result, gameId: game.gameId });
  }
  return { skipped: false, games };
}
