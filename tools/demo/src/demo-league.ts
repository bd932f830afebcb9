import { CommandHandler } from '@corbeille/application';
import { heuristicBot, randomBot as randomBolsaBot, type BolsaBot, type BolsaOptions } from '@corbeille/bolsa';
import { createHash } from 'node:crypto';
import type { EventStore } from '@corbeille/event-store';
import { InMemorySeedStore, IntegrityRecorder, type SeedStore } from '@corbeille/integrity';
import { DEFAULT_BCRYPT_ROUNDS } from '@corbeille/identity';
import { noRandom, seededRandom, type RandomSource } from '@corbeille/kernel';
import { gameOfStream } from '@corbeille/projections';
import { greedyBot, randomBot, type StockTickerBot, type StockTickerOptions } from '@corbeille/stock-ticker';
import { bolsaStreamId, playBolsaBotGame, type BolsaBotGameResult } from './bolsa-bot-driver';
import { heuristicBot as maxiBourseHeuristicBot, randomBot as maxiBourseRandomBot, type MaxiBourseBot, type MaxiBourseOptions } from '@corbeille/maxi-bourse';
import { maxiBourseStreamId, playMaxiBourseBotGame, type MaxiBourseBotGameResult } from './maxi-bourse-bot-driver';
import { playBotGame, stockTickerStreamId, type BotGameResult } from './bot-driver';
import {
  DEMO_ACCOUNTS,
  DEMO_CLASS_ID,
  DEMO_CLASS_NAME,
  DEMO_LEAGUE_ID,
  DEMO_LEAGUE_PLAYERS,
  DEMO_ORGANISER,
  DEMO_PASSWORD,
  DEMO_SEASON_ID,
  DEMO_SEASON_NAME,
  DEMO_STUDENTS,
  DEMO_TEACHER,
  DEMO_TERM_ID,
  DEMO_TERM_NAME,
} from './demo-people';
import { IdentitySeeder } from './identity-seeder';

/** The label the demo Stock Ticker games were recorded with (the dashboard groups games by it). */
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

interface LeagueMaxiBourseGame {
  readonly gameId: string;
  readonly players: readonly string[];
  readonly options: Partial<MaxiBourseOptions>;
}

/** The league's Maxi Bourse table: a short Masters game on the 50-space track, played by bots. */
export const DEMO_MAXI_BOURSE_GAMES: readonly LeagueMaxiBourseGame[] = [
  { gameId: 'demo-maxi-1', players: ['Alice', 'Bruno', 'Chloe', 'Didier'], options: { variant: 'masters', turnLimit: 6 } },
];

interface ClassGame {
  readonly gameId: string;
  readonly options: Partial<BolsaOptions>;
}

/** Short BOLSA games of the demo class (one quarter each), played by its students' bots. */
export const DEMO_CLASS_GAMES: readonly ClassGame[] = [
  { gameId: 'class-bolsa-1', options: { lastMonth: 3, planningSeconds: 120 } },
  { gameId: 'class-bolsa-2', options: { lastMonth: 3, planningSeconds: 120, lotteryRotation: 'previous-seat' } },
];

export interface SeedOptions {
  readonly store: EventStore;
  /** Seed of the dice and of the random bots, so the demo is the same on every machine. */
  readonly seed?: number;
  /** When the first demo game started; each command is 15 simulated seconds later. */
  readonly startedAt?: Date;
  /** bcrypt cost of the demo passwords (the API's default unless given; tests use the lowest). */
  readonly bcryptRounds?: number;
  /**
   * Where the games' secret seeds go (the seed store next to the events); in memory when absent. The demo's
   * dice are provably fair like any game's, from seeds derived from `seed`, so the demo stays the same on
   * every machine (and, being demo data, its seeds are no secret to whoever knows `seed`).
   */
  readonly seeds?: SeedStore;
}

export interface SeedReport {
  /** Nothing was written: everything was there already. */
  readonly skipped: boolean;
  readonly games: readonly (BotGameResult & { gameId: string })[];
  readonly maxiBourseGames: readonly (MaxiBourseBotGameResult & { gameId: string })[];
  readonly classGames: readonly (BolsaBotGameResult & { gameId: string })[];
  /** Emails of the demo accounts this run registered. */
  readonly accounts: readonly string[];
  readonly league: boolean;
  readonly class: boolean;
}

const slug = (name: string) => name.toLowerCase();
const DAY = 24 * 3600 * 1000;

/**
 * Seeds the demo through the command handler, each part once: the demo accounts, the demo league (its
 * season's tables are the demo Stock Ticker games, seats linked to the players' accounts), the demo
 * Stock Ticker games and a Maxi Bourse game played by bots, and the demo class (a teacher, students, and short BOLSA games
 * played by the students' bots). Parts already in the store are left as they are.
 */
export async function seedDemoLeague(options: SeedOptions): Promise<SeedReport> {
  const { store } = options;
  const seed = options.seed ?? 2026;
  const startedAt = (options.startedAt ?? new Date(Date.UTC(2026, 10, 3, 19, 0, 0))).getTime();

  // People and the league come first, a day before the first game; each part has its own chance.
  let identityClock = startedAt - DAY;
  const identityHandler = new CommandHandler(store, {
    randomSource: () => noRandom,
    bindingSalt: demoBindingSalt,
    clock: () => {
      identityClock += 1000;
      return new Date(identityClock).toISOString();
    },
  });
  const seeder = new IdentitySeeder(store, identityHandler, seededRandom(seed + 101), options.bcryptRounds ?? DEFAULT_BCRYPT_ROUNDS);
  const accounts: string[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if (await seeder.account(account, DEMO_PASSWORD)) accounts.push(account.email);
  }
  const league = await seedLeague(seeder);
  const seeds = demoSeeds(options.seeds ?? new InMemorySeedStore(), seed);
  const games = await seedGames(store, seeds, seed, startedAt);
  const maxiBourseGames = await seedMaxiBourseGames(store, seeds, seed, startedAt + 36 * DAY);

  identityClock = Math.max(identityClock, startedAt + 40 * DAY);
  const classCreated = await seedClass(seeder);
  const classGames = await seedClassGames(store, seeds, seed, startedAt + 41 * DAY);
  const skipped =
    accounts.length === 0 && !league && games.length === 0 && maxiBourseGames.length === 0 && !classCreated && classGames.length === 0;
  return { skipped, games, maxiBourseGames, classGames, accounts, league, class: classCreated };
}

async function seedLeague(seeder: IdentitySeeder): Promise<boolean> {
  if (await seeder.leagueExists(DEMO_LEAGUE_ID)) return false;
  await seeder.createLeague(DEMO_ORGANISER, DEMO_LEAGUE_ID, DEMO_LEAGUE, 'league');
  for (const player of DEMO_LEAGUE_PLAYERS.values()) await seeder.addMember(DEMO_ORGANISER, DEMO_LEAGUE_ID, player, 'player');
  await seeder.createSeason(DEMO_ORGANISER, DEMO_LEAGUE_ID, DEMO_SEASON_ID, DEMO_SEASON_NAME);
  for (const [index, game] of DEMO_GAMES.entries()) {
    const tableId = `demo-table-${index + 1}`;
    await seeder.scheduleTable(DEMO_ORGANISER, DEMO_LEAGUE_ID, { seasonId: DEMO_SEASON_ID, tableId, gameType: 'stock-ticker', gameId: game.gameId, options: game.options });
    for (const name of game.players) {
      const player = DEMO_LEAGUE_PLAYERS.get(slug(name));
      if (player) await seeder.seat(DEMO_ORGANISER, DEMO_LEAGUE_ID, tableId, slug(name), { kind: 'account', accountId: player.accountId });
    }
  }
  for (const [index, game] of DEMO_MAXI_BOURSE_GAMES.entries()) {
    const tableId = `demo-maxi-table-${index + 1}`;
    await seeder.scheduleTable(DEMO_ORGANISER, DEMO_LEAGUE_ID, { seasonId: DEMO_SEASON_ID, tableId, gameType: 'maxi-bourse', gameId: game.gameId, options: game.options });
    for (const name of game.players) {
      const player = DEMO_LEAGUE_PLAYERS.get(slug(name));
      if (player) await seeder.seat(DEMO_ORGANISER, DEMO_LEAGUE_ID, tableId, slug(name), { kind: 'account', accountId: player.accountId });
    }
  }
  return true;
}

/** Each demo game's secret is SHA-256 of the demo seed, the game id and a suffix (later epochs are fresh). */
function demoSeeds(store: SeedStore, seed: number): SeedStore {
  return {
    get: (gameId, epoch) => store.get(gameId, epoch),
    // The suffix picks the deal: under hmac-sha256-v2, "v2a" is the first whose Maxi Bourse table completes a
    // circuit within its six turns, so the demo shows every part of the game.
    getOrCreate: (gameId) => store.getOrCreate(gameId, createHash('sha256').update(`corbeille-demo:${seed}:${gameId}:v2a`).digest('hex')),
    advance: (gameId, fromEpoch, next) => store.advance(gameId, fromEpoch, next),
    close: () => store.close(),
  };
}

/** A command handler whose games' chance comes from their seeds, with the integrity records of docs/integrity.md. */
function gameHandler(store: EventStore, seeds: SeedStore, random: RandomSource, clock: () => string): CommandHandler {
  const integrity = new IntegrityRecorder({
    seeds,
    gameOf: (streamId) => {
      const found = gameOfStream(streamId);
      return found && { gameId: found.gameId, rules: found.game };
    },
    plain: () => random,
    // Plans' nonces from the bots' own chance, so the demo is the same on every machine.
    newNonce: () => [0, 1, 2, 3].map(() => random.int(0, 0xffffffff).toString(16).padStart(8, '0')).join(''),
  });
  return new CommandHandler(store, { randomSource: integrity.randomSource, annotate: integrity.annotate, clock, bindingSalt: demoBindingSalt });
}

/** Command bindings' salts derived from the command, so the demo is the same on every machine (it is public data anyway). */
function demoBindingSalt({ streamId, commandId }: { readonly streamId: string; readonly commandId: string }): string {
  return createHash('sha256').update(`corbeille-demo-binding:${streamId}:${commandId}`).digest('hex').slice(0, 32);
}

async function seedGames(store: EventStore, seeds: SeedStore, seed: number, startedAt: number): Promise<(BotGameResult & { gameId: string })[]> {
  const first = DEMO_GAMES[0];
  if (first && (await store.streamRevision(stockTickerStreamId(first.gameId))) !== undefined) return [];
  const random = seededRandom(seed);
  let clock = startedAt;
  const handler = gameHandler(store, seeds, random, () => new Date(clock).toISOString());
  const games: (BotGameResult & { gameId: string })[] = [];
  for (const [index, game] of DEMO_GAMES.entries()) {
    const players = game.players.map((name, seat) => {
      // One steady investor per table; the others play on impulse, so games differ.
      const bot: StockTickerBot = seat === 0 ? greedyBot() : randomBot(random);
      return { playerId: slug(name), name, bot };
    });
    clock += 7 * DAY * (index === 0 ? 0 : 1);
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
  return games;
}

async function seedMaxiBourseGames(
  store: EventStore,
  seeds: SeedStore,
  seed: number,
  startedAt: number,
): Promise<(MaxiBourseBotGameResult & { gameId: string })[]> {
  const first = DEMO_MAXI_BOURSE_GAMES[0];
  if (first && (await store.streamRevision(maxiBourseStreamId(first.gameId))) !== undefined) return [];
  const random = seededRandom(seed + 303);
  let clock = startedAt;
  const handler = gameHandler(store, seeds, random, () => new Date(clock).toISOString());
  const games: (MaxiBourseBotGameResult & { gameId: string })[] = [];
  for (const game of DEMO_MAXI_BOURSE_GAMES) {
    const players = game.players.map((name, seat) => {
      // Two careful investors building majorities, two players on impulse.
      const bot: MaxiBourseBot = seat % 2 === 0 ? maxiBourseHeuristicBot : maxiBourseRandomBot;
      return { playerId: slug(name), name, bot };
    });
    const result = await playMaxiBourseBotGame(handler, {
      gameId: game.gameId,
      players,
      options: game.options,
      random,
      metadata: { league: DEMO_LEAGUE },
      beforeCommand: () => {
        clock += 12_000;
      },
    });
    games.push({ ...result, gameId: game.gameId });
  }
  return games;
}

async function seedClass(seeder: IdentitySeeder): Promise<boolean> {
  if (await seeder.leagueExists(DEMO_CLASS_ID)) return false;
  await seeder.createLeague(DEMO_TEACHER, DEMO_CLASS_ID, DEMO_CLASS_NAME, 'class');
  for (const student of DEMO_STUDENTS.values()) await seeder.addMember(DEMO_TEACHER, DEMO_CLASS_ID, student, 'player');
  await seeder.createSeason(DEMO_TEACHER, DEMO_CLASS_ID, DEMO_TERM_ID, DEMO_TERM_NAME);
  for (const [index, game] of DEMO_CLASS_GAMES.entries()) {
    const tableId = `demo-class-table-${index + 1}`;
    await seeder.scheduleTable(DEMO_TEACHER, DEMO_CLASS_ID, { seasonId: DEMO_TERM_ID, tableId, gameType: 'bolsa', gameId: game.gameId, options: game.options });
    for (const [playerId, student] of DEMO_STUDENTS) {
      await seeder.seat(DEMO_TEACHER, DEMO_CLASS_ID, tableId, playerId, { kind: 'account', accountId: student.accountId });
    }
  }
  return true;
}

async function seedClassGames(store: EventStore, seeds: SeedStore, seed: number, startedAt: number): Promise<(BolsaBotGameResult & { gameId: string })[]> {
  const first = DEMO_CLASS_GAMES[0];
  if (first && (await store.streamRevision(bolsaStreamId(first.gameId))) !== undefined) return [];
  const random = seededRandom(seed + 202);
  let clock = startedAt;
  const handler = gameHandler(store, seeds, random, () => new Date(clock).toISOString());
  const games: (BolsaBotGameResult & { gameId: string })[] = [];
  for (const [index, game] of DEMO_CLASS_GAMES.entries()) {
    clock = startedAt + index * 7 * DAY;
    const players = [...DEMO_STUDENTS].map(([playerId, student], seat) => {
      // Half the class reads the trend cubes; the other half plans on a whim.
      const bot: BolsaBot = seat % 2 === 0 ? heuristicBot : randomBolsaBot;
      return { playerId, name: student.displayName, bot };
    });
    const result = await playBolsaBotGame(handler, {
      gameId: game.gameId,
      players,
      options: game.options,
      random,
      metadata: { league: DEMO_CLASS_ID },
      // Ten seconds a move: every student plans well within the two minutes of a month.
      beforeCommand: () => {
        clock += 10_000;
      },
    });
    games.push({ ...result, gameId: game.gameId });
  }
  return games;
}
