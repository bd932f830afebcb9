import type { EventMetadata, NewEvent } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { greedyBot, playWholeGame, randomBot, type StockTickerEvent } from '@corbeille/stock-ticker';

/** Bot-played games turned into the events a store holds: each command's events share its metadata. */

export const START_TIME = '2026-01-01T00:00:00.000Z';

export interface GeneratedGame {
  readonly gameId: string;
  readonly streamId: string;
  readonly events: NewEvent[];
}

export interface StockTickerGameSpec {
  readonly gameId: string;
  readonly seed: number;
  readonly players: number;
  readonly roundLimit: number;
  /** 'mixed': every other seat greedy, the others random; 'random': every seat random (longer games). */
  readonly bots: 'mixed' | 'random';
}

/** A whole Stock Ticker game played by bots, as the events its commands would have appended. */
export function stockTickerGame(spec: StockTickerGameSpec): GeneratedGame {
  const random = seededRandom(spec.seed);
  const players = Array.from({ length: spec.players }, (_, seat) => ({ playerId: `p${seat + 1}`, name: `Player ${seat + 1}` }));
  const events: NewEvent[] = [];
  let commands = 0;
  playWholeGame({
    gameId: spec.gameId,
    players,
    random,
    startTime: START_TIME,
    options: { roundLimit: spec.roundLimit, timeLimitMinutes: null, maxPlayers: Math.max(2, spec.players) },
    botFor: (playerId) => (spec.bots === 'mixed' && Number(playerId.slice(1)) % 2 === 1 ? greedyBot() : randomBot(random)),
    onStep: (step) => {
      commands += 1;
      const metadata = commandMetadata(spec.gameId, commands, actorOf(step.command.data), step.now, step.command.type);
      for (const event of step.events) events.push({ type: event.type, data: event.data, metadata });
    },
  });
  return { gameId: spec.gameId, streamId: `stock-ticker-${spec.gameId}`, events };
}

/** The engine events of a bot-played Stock Ticker game (for the in-memory fold). */
export function stockTickerEngineEvents(seed: number, players: number, roundLimit: number): StockTickerEvent[] {
  const random = seededRandom(seed);
  const seats = Array.from({ length: players }, (_, seat) => ({ playerId: `p${seat + 1}`, name: `Player ${seat + 1}` }));
  return playWholeGame({
    players: seats,
    random,
    startTime: START_TIME,
    options: { roundLimit, timeLimitMinutes: null, maxPlayers: Math.max(2, players) },
    botFor: () => randomBot(random),
  }).events;
}

export function commandMetadata(gameId: string, command: number, actor: string, occurredAt: string, commandType: string): EventMetadata {
  const commandId = `${gameId}-${command}`;
  return { commandId, actor, correlationId: commandId, causationId: commandId, occurredAt, commandType };
}

function actorOf(data: unknown): string {
  if (typeof data === 'object' && data !== null && 'playerId' in data && typeof data.playerId === 'string') return data.playerId;
  return 'referee';
}
