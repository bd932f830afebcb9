import { asPlayerId, assertNever } from '@corbeille/kernel';
import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { formatInstant, parseInstant } from './clock';
import { companyDefinition, priceAt } from './market';
import { decide, evolve, initialState, isTerminal, legalActions } from './decider';
import { awaitedPlayers } from './legal-actions';
import { cardById, portfolioOf } from './state';
import type { BolsaAction, BolsaCommand, BolsaEvent, BolsaOptions, BolsaState, CompanyId, NewspaperCardId, Plan } from './types';

/** A player strategy: the command it would give now, or undefined to wait. Built only from legalActions. */
export type BolsaBot = (state: BolsaState, playerId: PlayerId, random: RandomSource) => BolsaCommand | undefined;

type PlanAction = Extract<BolsaAction, { type: 'SubmitPlan' }>;

/** Any legal action: a plan of random markers (never selling more than held), or a random newspaper card. */
export const randomBot: BolsaBot = (state, playerId, random) => {
  const actions = legalActions(state, playerId);
  if (actions.length === 0) return undefined;
  const action = actions[random.int(0, actions.length - 1)];
  if (!action) return undefined;
  switch (action.type) {
    case 'JoinGame':
    case 'StartGame':
      return lobbyCommand(action, playerId);
    case 'SubmitPlan':
      return { type: 'SubmitPlan', data: { playerId, plan: randomPlan(action, random) } };
    case 'ChooseNewspaperCard':
      return chooseCard(playerId, action.cards[random.int(0, action.cards.length - 1)]);
    default:
      return assertNever(action, 'action');
  }
};

function randomPlan(action: PlanAction, random: RandomSource): Plan {
  const sell: Partial<Record<CompanyId, number>> = {};
  const buy: Partial<Record<CompanyId, number>> = {};
  let newspaper = 0;
  const markers = random.int(0, action.maxMarkers);
  for (let marker = 0; marker < markers; marker += 1) {
    const choices: (() => void)[] = [() => (newspaper += 1)];
    for (const [company, most] of Object.entries(action.sellable) as [CompanyId, number][]) {
      const selling = sell[company] ?? 0;
      if (buy[company] === undefined && selling < most) choices.push(() => (sell[company] = selling + 1));
    }
    for (const company of action.buyable) {
      if (sell[company] === undefined) choices.push(() => (buy[company] = (buy[company] ?? 0) + 1));
    }
    choices[random.int(0, choices.length - 1)]?.();
  }
  return { sell, buy, newspaper };
}

/**
 * A simple strategy read from the trend cubes of the quarter: sell what is trending down, buy what
 * is trending up and affordable, and spend a spare marker on the newspaper; keep the card that
 * best helps its own shares.
 */
export const heuristicBot: BolsaBot = (state, playerId) => {
  const [action] = legalActions(state, playerId);
  if (!action) return undefined;
  switch (action.type) {
    case 'JoinGame':
    case 'StartGame':
      return lobbyCommand(action, playerId);
    case 'SubmitPlan':
      return state.phase === 'planning' ? { type: 'SubmitPlan', data: { playerId, plan: trendPlan(state, playerId, action) } } : undefined;
    case 'ChooseNewspaperCard':
      return state.phase === 'newspaper' ? chooseCard(playerId, bestCard(state, playerId, action.cards)) : undefined;
    default:
      return assertNever(action, 'action');
  }
};

function trendOf(state: Extract<BolsaState, { phase: 'planning' }>, company: CompanyId): number {
  return state.market[company].trend.reduce<number>((sum, die) => sum + (die ?? 0), 0);
}

function trendPlan(state: Extract<BolsaState, { phase: 'planning' }>, playerId: PlayerId, action: PlanAction): Plan {
  let markers = action.maxMarkers;
  const sell: Partial<Record<CompanyId, number>> = {};
  for (const [company, most] of Object.entries(action.sellable) as [CompanyId, number][]) {
    const shares = Math.min(most, markers);
    if (trendOf(state, company) < 0 && shares > 0) {
      sell[company] = shares;
      markers -= shares;
    }
  }
  const buy: Partial<Record<CompanyId, number>> = {};
  let cash = portfolioOf(state, playerId).cash;
  const rising = action.buyable
    .filter((company) => sell[company] === undefined && trendOf(state, company) > 0)
    .sort((a, b) => trendOf(state, b) - trendOf(state, a));
  for (const company of rising) {
    const price = priceAt(company, state.market[company].level);
    const shares = Math.min(markers, Math.floor(cash / price), state.market[company].available);
    if (shares <= 0) continue;
    buy[company] = shares;
    markers -= shares;
    cash -= shares * price;
  }
  return { sell, buy, newspaper: Math.min(markers, 1) };
}

/** The card worth most to the shares the player holds (a suspension is worth nothing). */
function bestCard(state: Extract<BolsaState, { phase: 'newspaper' }>, playerId: PlayerId, cards: readonly NewspaperCardId[]): NewspaperCardId | undefined {
  const shares = portfolioOf(state, playerId).shares;
  const worth = (cardId: NewspaperCardId) => {
    const { effect } = cardById(cardId);
    if (effect.kind === 'suspend') return 0;
    return effect.moves
      .filter(({ company }) => state.companies.includes(company))
      .reduce((sum, { company, levels }) => sum + levels * stepOf(company) * shares[company], 0);
  };
  return [...cards].sort((a, b) => worth(b) - worth(a))[0];
}

function stepOf(company: CompanyId): number {
  const grid = companyDefinition(company).priceGrid;
  return (grid[1] ?? 0) - (grid[0] ?? 0);
}

function lobbyCommand(action: Extract<BolsaAction, { type: 'JoinGame' | 'StartGame' }>, playerId: PlayerId): BolsaCommand {
  return action.type === 'JoinGame' ? { type: 'JoinGame', data: { playerId, name: playerId.slice(0, 40) } } : { type: 'StartGame', data: {} };
}

function chooseCard(playerId: PlayerId, cardId: NewspaperCardId | undefined): BolsaCommand | undefined {
  return cardId === undefined ? undefined : { type: 'ChooseNewspaperCard', data: { playerId, cardId } };
}

// ---- A whole game --------------------------------------------------------------------------------

export interface WholeGameStep {
  readonly command: BolsaCommand;
  readonly events: readonly BolsaEvent[];
  readonly state: BolsaState;
  readonly now: string;
}

export interface WholeGameSetup {
  readonly gameId?: string;
  readonly players: readonly { readonly playerId: string; readonly name: string }[];
  readonly options?: Partial<BolsaOptions>;
  /** Dice, shuffles and lottery draws, and the bots' choices. */
  readonly random: RandomSource;
  readonly botFor: (playerId: PlayerId) => BolsaBot;
  /** The referee's clock at the start (ISO-8601). */
  readonly startTime: string;
  /** How far the clock moves on with each command (default 1 s). */
  readonly secondsPerCommand?: number;
  /** Called after each command's events have been folded into the state. */
  readonly onStep?: (step: WholeGameStep) => void;
}

/** Safety net: a whole game takes a few hundred commands. */
const MAX_COMMANDS = 10_000;

/**
 * Creates a game, seats the players, starts it and lets the bots play to the end. The referee
 * closes the planning when the deadline has passed or when no bot wants to plan (an untimed month
 * closes at once), which excludes the players without a plan.
 */
export function playWholeGame(setup: WholeGameSetup): { events: BolsaEvent[]; state: BolsaState } {
  const start = parseInstant(setup.startTime);
  if (start === undefined) throw new Error(`startTime "${setup.startTime}" is not an ISO-8601 time`);
  let clock = start;
  const stepMilliseconds = (setup.secondsPerCommand ?? 1) * 1000;
  const bots = new Map(setup.players.map(({ playerId }) => [playerId, setup.botFor(asPlayerId(playerId))]));
  const events: BolsaEvent[] = [];
  let state = initialState();
  const play = (command: BolsaCommand, at: number) => {
    const now = formatInstant(at);
    const produced = decide(state, command, { random: setup.random, now });
    state = produced.reduce(evolve, state);
    events.push(...produced);
    setup.onStep?.({ command, events: produced, state, now });
  };

  play({ type: 'CreateGame', data: { gameId: setup.gameId ?? 'bolsa-game', options: setup.options ?? {} } }, start);
  setup.players.forEach((player) => play({ type: 'JoinGame', data: player }, start));
  play({ type: 'StartGame', data: {} }, start);

  for (let commands = 0; !isTerminal(state); commands += 1) {
    if (commands > MAX_COMMANDS) throw new Error(`The game did not end after ${MAX_COMMANDS} commands`);
    clock += stepMilliseconds;
    const deadline = state.phase === 'planning' && state.deadline !== null ? parseInstant(state.deadline) : undefined;
    const next = deadline !== undefined && clock > deadline ? undefined : nextBotCommand(state, bots, setup.random);
    if (next) play(next, clock);
    else if (state.phase === 'planning') play({ type: 'ClosePlanning', data: {} }, Math.max(clock, deadline ?? clock));
    else throw new Error(`Nobody can act in phase ${state.phase}`);
  }
  return { events, state };
}

function nextBotCommand(state: BolsaState, bots: ReadonlyMap<string, BolsaBot>, random: RandomSource): BolsaCommand | undefined {
  for (const playerId of awaitedPlayers(state)) {
    const command = bots.get(playerId)?.(state, playerId, random);
    if (command) return command;
  }
  return undefined;
}
