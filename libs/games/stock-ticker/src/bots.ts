import { asPlayerId, assertNever } from '@corbeille/kernel';
import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { formatInstant, parseInstant } from './clock';
import { stockTickerContent } from './content/stocks';
import { decide, evolve, initialState, isTerminal } from './decider';
import { awaitedPlayers, legalActions } from './legal-actions';
import type { StockTickerAction, StockTickerCommand, StockTickerEvent, StockTickerOptions, StockTickerState } from './types';

type BuyAction = Extract<StockTickerAction, { type: 'BuyShares' }>;

/** A player strategy: the command it would give now, or undefined to wait. Built only from legalActions. */
export type StockTickerBot = (state: StockTickerState, playerId: PlayerId) => StockTickerCommand | undefined;

/** Picks any legal action, with a random number of lots or a random loan. */
export function randomBot(random: RandomSource): StockTickerBot {
  return (state, playerId) => {
    const actions = legalActions(state, playerId);
    if (actions.length === 0) return undefined;
    const action = actions[random.int(0, actions.length - 1)];
    return action && commandFor(action, playerId, (max) => random.int(1, max));
  };
}

/**
 * A simple deterministic strategy: borrow when broke, sell anything below par (it pays no
 * dividend and may go off the market), put all cash into the cheapest stock at or above par
 * (the best dividend yield), then finish trading; roll when it is its turn.
 */
export function greedyBot(): StockTickerBot {
  return (state, playerId) => {
    if (state.phase !== 'opening' && state.phase !== 'trading' && state.phase !== 'rolling') return undefined;
    const actions = legalActions(state, playerId);
    const { prices } = state;
    const par = stockTickerContent.parPrice;
    const borrow = actions.find((action) => action.type === 'Borrow');
    const sellBelowPar = actions.find((action) => action.type === 'SellShares' && prices[action.stock] < par);
    const bestBuy = actions
      .filter((action): action is BuyAction => action.type === 'BuyShares' && prices[action.stock] >= par)
      .reduce<BuyAction | undefined>(
        (best, action) => (best && prices[best.stock] <= prices[action.stock] ? best : action),
        undefined,
      );
    const finish = actions.find((action) => action.type === 'FinishTrading');
    const roll = actions.find((action) => action.type === 'RollDice');
    const chosen = borrow ?? sellBelowPar ?? bestBuy ?? finish ?? roll;
    return chosen && commandFor(chosen, playerId, (max) => max);
  };
}

/** Turns an action into a command; `chooseAmount(max)` picks 1..max lots, or cents for a loan. */
function commandFor(action: StockTickerAction, playerId: PlayerId, chooseAmount: (max: number) => number): StockTickerCommand {
  switch (action.type) {
    case 'JoinGame':
      return { type: 'JoinGame', data: { playerId, name: playerId.slice(0, 40) } };
    case 'StartGame':
      return { type: 'StartGame', data: {} };
    case 'BuyShares':
    case 'SellShares':
      return {
        type: action.type,
        data: { playerId, stock: action.stock, shares: chooseAmount(action.maxShares / action.lot) * action.lot },
      };
    case 'FinishTrading':
      return { type: 'FinishTrading', data: { playerId } };
    case 'RollDice':
      return { type: 'RollDice', data: { playerId } };
    case 'Borrow':
      return { type: 'Borrow', data: { playerId, amount: chooseAmount(action.maxAmount) } };
    default:
      return assertNever(action, 'action');
  }
}

export interface WholeGameStep {
  readonly command: StockTickerCommand;
  readonly events: readonly StockTickerEvent[];
  readonly state: StockTickerState;
  readonly now: string;
}

export interface WholeGameSetup {
  readonly gameId?: string;
  readonly players: readonly { readonly playerId: string; readonly name: string }[];
  readonly options?: Partial<StockTickerOptions>;
  /** The dice. */
  readonly random: RandomSource;
  readonly botFor: (playerId: PlayerId) => StockTickerBot;
  /** The referee's clock at the start (ISO-8601). */
  readonly startTime: string;
  /** How far the clock moves on with each roll (default 1 minute), so a time limit can be reached. */
  readonly minutesPerRoll?: number;
  /** After this many commands in play the players agree to stop (default 100,000). */
  readonly maxCommands?: number;
  /** Called after each command's events have been folded into the state. */
  readonly onStep?: (step: WholeGameStep) => void;
}

/**
 * Creates a game, seats the players, starts it and lets the bots play to the end. The player the
 * game is waiting for is asked first. It always ends: when nobody acts or after `maxCommands`
 * commands, the players agree to stop.
 */
export function playWholeGame(setup: WholeGameSetup): { events: StockTickerEvent[]; state: StockTickerState } {
  const start = parseInstant(setup.startTime);
  if (start === undefined) throw new Error(`startTime "${setup.startTime}" is not an ISO-8601 time`);
  const minutesPerRoll = setup.minutesPerRoll ?? 1;
  const maxCommands = setup.maxCommands ?? 100_000;
  const bots = new Map(setup.players.map(({ playerId }) => [playerId, setup.botFor(asPlayerId(playerId))]));

  const events: StockTickerEvent[] = [];
  let state = initialState();
  let rolls = 0;
  const play = (command: StockTickerCommand) => {
    // Until the first roll the clock reads the start time as given, so startedAt keeps its form.
    const now = rolls === 0 ? setup.startTime : formatInstant(start + rolls * minutesPerRoll * 60_000);
    const produced = decide(state, command, { random: setup.random, now });
    state = produced.reduce(evolve, state);
    events.push(...produced);
    if (command.type === 'RollDice') rolls += 1;
    setup.onStep?.({ command, events: produced, state, now });
  };

  play({ type: 'CreateGame', data: { gameId: setup.gameId ?? 'demo-game', options: setup.options ?? {} } });
  setup.players.forEach((player) => play({ type: 'JoinGame', data: player }));
  play({ type: 'StartGame', data: {} });

  for (let commands = 0; !isTerminal(state); commands += 1) {
    const next = commands < maxCommands ? nextBotCommand(state, bots) : undefined;
    play(next ?? { type: 'EndGame', data: { reason: 'AGREED' } });
  }
  return { events, state };
}

/** The next bot move: the players the game is waiting for are asked first, then the others. */
export function nextBotCommand(state: StockTickerState, bots: ReadonlyMap<string, StockTickerBot>): StockTickerCommand | undefined {
  const awaited = awaitedPlayers(state);
  const seated = state.phase === 'uncreated' ? [] : state.seats.map((seat) => seat.playerId);
  const others = seated.filter((playerId) => !awaited.includes(playerId));
  for (const playerId of [...awaited, ...others]) {
    const command = bots.get(playerId)?.(state, playerId);
    if (command) return command;
  }
  return undefined;
}
