import { CommandHandler } from '@corbeille/application';
import { heuristicBot } from '@corbeille/bolsa';
import { InMemoryEventStore, type EventStore } from '@corbeille/event-store';
import { FAIRNESS_SCHEME, HashChainedEventStore, InMemorySeedStore, IntegrityRecorder } from '@corbeille/integrity';
import { asPlayerId, seededRandom, type RandomSource } from '@corbeille/kernel';
import { awaitedPlayers, heuristicBot as maxiBourseBot, type MaxiBourseCommand, type MaxiBourseState } from '@corbeille/maxi-bourse';
import { gameOfStream, MAXI_BOURSE_GAME, streamIdFor } from '@corbeille/projections';
import { greedyBot, randomBot } from '@corbeille/stock-ticker';
import { playBolsaBotGame, playBotGame } from '@corbeille/tools-demo';

/** By the registry's game type, as a game file's header names it. */
export const PLAYED_GAMES = { 'stock-ticker': 'file-ticker', bolsa: 'file-bolsa', 'maxi-bourse': 'file-maxi' } as const;

/** A Stock Ticker game recorded under hmac-sha256-v1 (its seed revealed at the end), as games before v2 were. */
export const V1_GAME = 'file-ticker-v1';

/** A short Maxi Bourse session through the command handler: the game's bots, then the banker closes it. */
async function playMaxiBourse(handler: CommandHandler, gameId: string, random: RandomSource): Promise<void> {
  const streamId = streamIdFor(MAXI_BOURSE_GAME, gameId);
  const players = ['fay', 'gus', 'hal'];
  let state = MAXI_BOURSE_GAME.decider.initialState() as MaxiBourseState;
  let commands = 0;
  const send = async (command: MaxiBourseCommand) => {
    commands += 1;
    state = (await handler.handle(MAXI_BOURSE_GAME.decider, streamId, { command, commandId: `${gameId}-${commands}`, actor: 'bot' })).state as MaxiBourseState;
  };
  await send({ type: 'CreateGame', data: { gameId, options: {} } });
  for (const playerId of players) await send({ type: 'JoinGame', data: { playerId, name: playerId } });
  await send({ type: 'StartGame', data: {} });
  while (!MAXI_BOURSE_GAME.decider.isTerminal(state)) {
    const awaited = awaitedPlayers(state);
    const next = commands < 150 ? [...awaited, ...players].map((playerId) => maxiBourseBot(state, asPlayerId(playerId), random)).find(Boolean) : undefined;
    await send(next ?? { type: 'CloseSession', data: {} });
  }
}

/**
 * One short game of each type played to its end by bots through the command handler, as the API plays
 * them: hash-chained, with a committed seed per game and the integrity records (seeds revealed at the end).
 */
export async function playedGames(store: EventStore = new HashChainedEventStore(new InMemoryEventStore())): Promise<EventStore> {
  const bots = seededRandom(7);
  const integrity = new IntegrityRecorder({
    seeds: new InMemorySeedStore(),
    gameOf: (streamId) => {
      const found = gameOfStream(streamId);
      return found && { gameId: found.gameId, rules: found.game };
    },
    plain: () => bots,
  });
  let clock = Date.UTC(2026, 0, 1);
  const tick = () => {
    clock += 10_000;
  };
  const handler = new CommandHandler(store, { randomSource: integrity.randomSource, annotate: integrity.annotate, clock: () => new Date(clock).toISOString() });
  await playBotGame(handler, {
    gameId: PLAYED_GAMES['stock-ticker'],
    players: [
      { playerId: 'ann', name: 'Ann', bot: greedyBot() },
      { playerId: 'ben', name: 'Ben', bot: randomBot(bots) },
    ],
    options: { roundLimit: 3 },
    beforeCommand: tick,
  });
  await playBolsaBotGame(handler, {
    gameId: PLAYED_GAMES.bolsa,
    players: [
      { playerId: 'cat', name: 'Cat', bot: heuristicBot },
      { playerId: 'dan', name: 'Dan', bot: heuristicBot },
      { playerId: 'eve', name: 'Eve', bot: heuristicBot },
    ],
    options: { lastMonth: 3, planningSeconds: 120 },
    random: bots,
    beforeCommand: tick,
  });
  await playMaxiBourse(handler, PLAYED_GAMES['maxi-bourse'], bots);
  const v1 = new IntegrityRecorder({
    seeds: new InMemorySeedStore(),
    gameOf: (streamId) => {
      const found = gameOfStream(streamId);
      return found && { gameId: found.gameId, rules: found.game };
    },
    plain: () => bots,
    newGameScheme: FAIRNESS_SCHEME,
    schemeOf: () => Promise.resolve(FAIRNESS_SCHEME),
  });
  await playBotGame(new CommandHandler(store, { randomSource: v1.randomSource, annotate: v1.annotate, clock: () => new Date(clock).toISOString() }), {
    gameId: V1_GAME,
    players: [
      { playerId: 'ann', name: 'Ann', bot: greedyBot() },
      { playerId: 'ben', name: 'Ben', bot: randomBot(bots) },
    ],
    options: { roundLimit: 3 },
    beforeCommand: tick,
  });
  return store;
}
