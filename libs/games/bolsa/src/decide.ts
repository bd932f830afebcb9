import { asPlayerId, assertNever, InvalidInput, isValidId, NotFound, RuleViolation, shuffle } from '@corbeille/kernel';
import type { DecisionContext, PlayerId } from '@corbeille/kernel';
import { parseInstant } from './clock';
import { components, newspaperCards, setupTables } from './content';
import { startMonth, rollTrendDie } from './month';
import { chooseCard, openNewspaper } from './newspaper';
import { companyDefinition, companyName, isCompanyId, movedLevel, priceAt, recordOfCompanies } from './market';
import { resolveOptions } from './options';
import { EventRecorder } from './recorder';
import { markersUsed } from './state';
import type { InPlayState, LobbyState, NewspaperState, PlanningState } from './state';
import { carryOutOrders } from './trading';
import type { BolsaCommand, BolsaEvent, BolsaState, CompanyId, Plan } from './types';

type CommandData<Type extends BolsaCommand['type']> = Extract<BolsaCommand, { type: Type }>['data'];

const NAME_MAX_LENGTH = 40;

/** Validates a command against the rules and returns the events it causes, or throws a DomainError. */
export function decide(state: BolsaState, command: BolsaCommand, context: DecisionContext): BolsaEvent[] {
  switch (command.type) {
    case 'CreateGame':
      return createGame(state, command.data);
    case 'JoinGame':
      return joinGame(state, command.data);
    case 'StartGame':
      return startGame(state, context);
    case 'SubmitPlan':
      return submitPlan(state, command.data, context);
    case 'ClosePlanning':
      return closePlanning(state, context);
    case 'ChooseNewspaperCard':
      return chooseNewspaperCard(state, command.data, context);
    default:
      return assertNever(command, 'command');
  }
}

// ---- Setting up ----------------------------------------------------------------------------------

function createGame(state: BolsaState, data: CommandData<'CreateGame'>): BolsaEvent[] {
  if (state.phase !== 'uncreated') throw new RuleViolation('GAME_EXISTS', 'This game has already been created');
  if (typeof data.gameId !== 'string' || !isValidId(data.gameId)) {
    throw new InvalidInput('INVALID_GAME_ID', 'A game id is a UUID or a short name of letters, digits, "-" and "_"');
  }
  return [{ type: 'GameCreated', data: { gameId: data.gameId, options: resolveOptions(data.options) } }];
}

function joinGame(state: BolsaState, data: CommandData<'JoinGame'>): BolsaEvent[] {
  const lobby = requireLobby(state);
  if (typeof data.playerId !== 'string' || !isValidId(data.playerId)) {
    throw new InvalidInput('INVALID_PLAYER_ID', 'A player id is a UUID or a short name of letters, digits, "-" and "_"');
  }
  const name = typeof data.name === 'string' ? data.name.trim() : '';
  if (name.length === 0 || name.length > NAME_MAX_LENGTH) {
    throw new InvalidInput('INVALID_NAME', `A player's name has 1 to ${NAME_MAX_LENGTH} characters`);
  }
  const playerId = asPlayerId(data.playerId);
  if (lobby.seats.some((seat) => seat.playerId === playerId)) {
    throw new RuleViolation('ALREADY_JOINED', `${name} is already seated at this game`);
  }
  if (lobby.seats.length >= components.players.max) {
    throw new RuleViolation('GAME_FULL', `BOLSA is played by ${components.players.min} to ${components.players.max} players: this game is full`);
  }
  return [{ type: 'PlayerJoined', data: { playerId, name, seat: lobby.seats.length } }];
}

/**
 * Preparing to Play: Tables 1 and 2 choose the companies and shares, the shares are shuffled and
 * each player draws six, the newspaper deck is shuffled, and one trend die per company sets its
 * opening price from 30 €. Then January begins.
 */
function startGame(state: BolsaState, context: DecisionContext): BolsaEvent[] {
  const lobby = requireLobby(state);
  const table = setupTables.find((row) => row.players === lobby.seats.length);
  if (!table) {
    throw new RuleViolation('NOT_ENOUGH_PLAYERS', `BOLSA needs ${components.players.min} to ${components.players.max} players`, {
      players: lobby.seats.length,
    });
  }
  requireClock(context.now);
  const { random } = context;
  const recorder = new EventRecorder(lobby);
  const seatOrder = lobby.seats.map((seat) => seat.playerId);
  const { companies, sharesPerCompany, sharesPerPlayer } = table;
  recorder.emit(
    { type: 'GameStarted', data: { seatOrder, companies: [...companies], sharesPerCompany, startingCash: components.startingCash } },
    { type: 'NewspaperDeckShuffled', data: { order: shuffle(newspaperCards.map((card) => card.id), random) } },
  );
  const pile = shuffle(companies.flatMap((company) => Array.from({ length: sharesPerCompany }, () => company)), random);
  seatOrder.forEach((playerId, seat) => {
    const drawn = pile.slice(seat * sharesPerPlayer, (seat + 1) * sharesPerPlayer);
    const shares = recordOfCompanies((company) => drawn.filter((drawnCompany) => drawnCompany === company).length);
    recorder.emit({ type: 'SharesDealt', data: { playerId, shares } });
  });
  for (const company of companies) {
    const die = rollTrendDie(random);
    const from = companyDefinition(company).startLevel;
    const level = movedLevel(company, from, die);
    recorder.emit({ type: 'OpeningPriceSet', data: { company, die, fromPrice: priceAt(company, from), toPrice: priceAt(company, level), level } });
  }
  startMonth(recorder, 1, context.now, random);
  return recorder.events;
}

// ---- Step 4: planning ----------------------------------------------------------------------------

function submitPlan(state: BolsaState, data: CommandData<'SubmitPlan'>, context: DecisionContext): BolsaEvent[] {
  const planning = requirePlanning(state);
  const playerId = requirePlayer(planning, data.playerId);
  // A plan handed in may be replaced until the reveal ("From the moment when the player cards are
  // revealed, players cannot correct any planning errors"): the last one counts.
  const now = requireClock(context.now);
  const deadline = planning.deadline === null ? undefined : parseInstant(planning.deadline);
  if (deadline !== undefined && now > deadline) {
    throw new RuleViolation(
      'PLANNING_DEADLINE_PASSED',
      `Step 4: the ${planning.options.planningSeconds} seconds to plan ran out at ${planning.deadline}; a player who fails to reveal in time is excluded this turn`,
      { deadline: planning.deadline },
    );
  }
  const plan = checkPlan(planning, data.plan);
  const recorder = new EventRecorder(planning);
  recorder.emit({ type: 'PlanSubmitted', data: { playerId, month: planning.month, plan, submittedAt: context.now } });
  const everyonePlanned = planning.seatOrder.every((id) => id === playerId || planning.plans[id] !== undefined);
  if (everyonePlanned) revealAndCarryOut(recorder, [], context);
  return recorder.events;
}

/** The referee's call when the timer has run out: whoever has not planned is excluded this month. */
function closePlanning(state: BolsaState, context: DecisionContext): BolsaEvent[] {
  const planning = requirePlanning(state);
  const now = requireClock(context.now);
  const deadline = planning.deadline === null ? undefined : parseInstant(planning.deadline);
  if (deadline !== undefined && now < deadline) {
    throw new RuleViolation('PLANNING_STILL_OPEN', `Step 4: the players may plan until ${planning.deadline}`, {
      deadline: planning.deadline,
    });
  }
  const recorder = new EventRecorder(planning);
  const excluded = planning.seatOrder.filter((playerId) => planning.plans[playerId] === undefined);
  for (const playerId of excluded) {
    recorder.emit({ type: 'PlayerExcluded', data: { playerId, month: planning.month, reason: 'MISSED_DEADLINE' } });
  }
  revealAndCarryOut(recorder, excluded, context);
  return recorder.events;
}

/** Steps 5 to 9: the cards are revealed and carried out; the month ends unless a reader must choose a card. */
function revealAndCarryOut(recorder: EventRecorder, excluded: PlayerId[], context: DecisionContext): void {
  const state = recorder.state;
  if (state.phase !== 'planning') throw new Error(`Plans are revealed from the planning phase, not ${state.phase}`);
  recorder.emit({ type: 'PlansRevealed', data: { month: state.month, plans: { ...state.plans }, excluded } });
  carryOutOrders(recorder, context.random);
  openNewspaper(recorder, context.now, context.random);
}

/**
 * Step 4: at most 5 markers, one per share, only on companies in play and not suspended, and
 * never buying and selling the same company. Whether the player owns the shares or can pay is
 * only known when the orders are carried out (Important Rules: such an action has no effect).
 */
function checkPlan(planning: PlanningState, plan: unknown): Plan {
  if (typeof plan !== 'object' || plan === null) {
    throw new InvalidInput('INVALID_PLAN', 'A plan lists the shares to sell, the shares to buy and the markers on the newspaper');
  }
  const { sell, buy, newspaper } = plan as Record<string, unknown>;
  const checked: Plan = {
    sell: checkOrders(planning, sell, 'sell'),
    buy: checkOrders(planning, buy, 'buy'),
    newspaper: checkMarkers(newspaper ?? 0, 'newspaper'),
  };
  const used = markersUsed(checked);
  const { markersPerPlayer } = components;
  if (used > markersPerPlayer) {
    throw new RuleViolation('TOO_MANY_MARKERS', `Step 4: each player has ${markersPerPlayer} markers; this plan uses ${used}`, {
      used,
      markers: markersPerPlayer,
    });
  }
  const both = planning.companies.find((company) => checked.sell[company] !== undefined && checked.buy[company] !== undefined);
  if (both !== undefined) {
    throw new RuleViolation(
      'BUY_AND_SELL_SAME_COMPANY',
      `Step 4: a player can never plan to sell and buy shares of the same company in the same turn; choose to buy or to sell ${companyName(both)}`,
      { company: both },
    );
  }
  return checked;
}

function checkOrders(planning: PlanningState, orders: unknown, action: 'sell' | 'buy'): Partial<Record<CompanyId, number>> {
  if (orders === undefined) return {};
  if (typeof orders !== 'object' || orders === null || Array.isArray(orders)) {
    throw new InvalidInput('INVALID_PLAN', `The shares to ${action} are given as a number of shares per company`);
  }
  const entries = Object.entries(orders as Record<string, unknown>);
  for (const [company, markers] of entries) {
    if (!isCompanyId(company)) throw new InvalidInput('UNKNOWN_COMPANY', `${JSON.stringify(company)} is not a BOLSA company`);
    checkMarkers(markers, `${action} ${company}`);
    if (markers === 0) continue;
    if (!planning.companies.includes(company)) {
      throw new RuleViolation('COMPANY_NOT_IN_PLAY', `${companyName(company)} is not in play in this game (Table 2)`, { company });
    }
    if (planning.suspended.includes(company)) {
      throw new RuleViolation(
        'COMPANY_SUSPENDED',
        `Step 9, Suspend Trading: shares of ${companyName(company)} cannot be bought or sold this month`,
        { company },
      );
    }
  }
  // Board order, without empty orders.
  return Object.fromEntries(
    planning.companies.flatMap((company) => {
      const markers = (orders as Record<string, unknown>)[company];
      return typeof markers === 'number' && markers > 0 ? [[company, markers]] : [];
    }),
  );
}

function checkMarkers(markers: unknown, where: string): number {
  if (typeof markers !== 'number' || !Number.isInteger(markers) || markers < 0) {
    throw new InvalidInput('INVALID_MARKERS', `Markers are counted in whole numbers from 0: ${JSON.stringify(markers)} for ${where}`);
  }
  return markers;
}

// ---- Step 9: the newspaper -----------------------------------------------------------------------

function chooseNewspaperCard(state: BolsaState, data: CommandData<'ChooseNewspaperCard'>, context: DecisionContext): BolsaEvent[] {
  const reading = requireNewspaper(state);
  const playerId = requirePlayer(reading, data.playerId);
  const hand = reading.hands[playerId];
  if (!hand) {
    throw new RuleViolation('NOT_A_READER', 'Step 9: only the players with most markers on the newspaper draw cards and choose one');
  }
  if (hand.chosen !== null) throw new RuleViolation('CARD_ALREADY_CHOSEN', 'Step 9: you have already chosen your newspaper card');
  if (!hand.drawn.includes(data.cardId)) {
    throw new RuleViolation('CARD_NOT_IN_HAND', 'Step 9: choose one of the three cards you drew', { cards: hand.drawn });
  }
  const recorder = new EventRecorder(reading);
  chooseCard(recorder, playerId, data.cardId, context.now, context.random);
  return recorder.events;
}

// ---- Phase, player and clock checks --------------------------------------------------------------

function requireLobby(state: BolsaState): LobbyState {
  switch (state.phase) {
    case 'lobby':
      return state;
    case 'uncreated':
      throw gameNotCreated();
    case 'setup':
    case 'planning':
    case 'trading':
    case 'newspaper':
      throw new RuleViolation('GAME_ALREADY_STARTED', 'The game has already started');
    case 'finished':
      throw gameOver();
    default:
      return assertNever(state, 'state');
  }
}

function requirePlanning(state: BolsaState): PlanningState {
  switch (state.phase) {
    case 'planning':
      return state;
    case 'uncreated':
      throw gameNotCreated();
    case 'lobby':
      throw gameNotStarted();
    case 'setup':
    case 'trading':
    case 'newspaper':
      throw new RuleViolation('NOT_PLANNING', 'Step 4: plans are made only while the planning of the month is open');
    case 'finished':
      throw gameOver();
    default:
      return assertNever(state, 'state');
  }
}

function requireNewspaper(state: BolsaState): NewspaperState {
  switch (state.phase) {
    case 'newspaper':
      return state;
    case 'uncreated':
      throw gameNotCreated();
    case 'lobby':
      throw gameNotStarted();
    case 'setup':
    case 'planning':
    case 'trading':
      throw new RuleViolation('NOT_CHOOSING_NEWSPAPER', 'Step 9: newspaper cards are chosen after the purchases, by the players who read it');
    case 'finished':
      throw gameOver();
    default:
      return assertNever(state, 'state');
  }
}

function requirePlayer(state: InPlayState, playerId: unknown): PlayerId {
  const seated = state.seatOrder.find((id) => id === playerId);
  if (seated === undefined) throw new NotFound('UNKNOWN_PLAYER', `No player ${JSON.stringify(playerId)} is seated at this game`);
  return seated;
}

function requireClock(now: string): number {
  const instant = parseInstant(now);
  if (instant === undefined) throw new InvalidInput('INVALID_CLOCK', `The referee's clock reading "${now}" is not an ISO-8601 time`);
  return instant;
}

function gameNotCreated(): RuleViolation {
  return new RuleViolation('GAME_NOT_CREATED', 'This game has not been created');
}

function gameNotStarted(): RuleViolation {
  return new RuleViolation('GAME_NOT_STARTED', 'The game has not started yet');
}

function gameOver(): RuleViolation {
  return new RuleViolation('GAME_OVER', 'The game is over');
}
