import { asPlayerId, assertNever, InvalidInput, isValidId, NotFound, RuleViolation } from '@corbeille/kernel';
import type { DecisionContext, PlayerId } from '@corbeille/kernel';
import { minutesBetween, parseInstant } from './clock';
import { recordOfStocks, stockLabel, stockTickerContent } from './content/stocks';
import { applyMarketEvent } from './evolve';
import { formatCents, formatCount } from './money';
import { resolveOptions } from './options';
import { gameEnded } from './settlement';
import { currentRoller, holdersOf, holdsStock, mayBorrow, playerName } from './state';
import type { ActiveState, LobbyState, MarketEvent, RollingState, TradingState } from './state';
import type { DiceAction, Portfolio, StockName, StockTickerCommand, StockTickerEvent, StockTickerState } from './types';

type CommandData<Type extends StockTickerCommand['type']> = Extract<StockTickerCommand, { type: Type }>['data'];

const NAME_MAX_LENGTH = 40;

/** Validates a command against the rules and returns the events it causes, or throws a DomainError. */
export function decide(state: StockTickerState, command: StockTickerCommand, context: DecisionContext): StockTickerEvent[] {
  switch (command.type) {
    case 'CreateGame':
      return createGame(state, command.data);
    case 'JoinGame':
      return joinGame(state, command.data);
    case 'StartGame':
      return startGame(state, command.data, context);
    case 'BuyShares':
      return buyShares(state, command.data);
    case 'SellShares':
      return sellShares(state, command.data);
    case 'FinishTrading':
      return finishTrading(state, command.data);
    case 'RollDice':
      return rollDice(state, command.data, context);
    case 'Borrow':
      return borrow(state, command.data);
    case 'EndGame':
      return endGame(state, command.data);
    default:
      return assertNever(command, 'command');
  }
}

// ---- Setting up ----------------------------------------------------------------------------------

function createGame(state: StockTickerState, data: CommandData<'CreateGame'>): StockTickerEvent[] {
  switch (state.phase) {
    case 'uncreated':
      break;
    case 'lobby':
    case 'opening':
    case 'trading':
    case 'rolling':
      throw new RuleViolation('GAME_EXISTS', 'This game has already been created');
    case 'finished':
      throw gameOver();
    default:
      return assertNever(state, 'state');
  }
  if (typeof data.gameId !== 'string' || !isValidId(data.gameId)) {
    throw new InvalidInput('INVALID_GAME_ID', 'A game id is a UUID or a short name of letters, digits, "-" and "_"');
  }
  return [{ type: 'GameCreated', data: { gameId: data.gameId, options: resolveOptions(data.options) } }];
}

function joinGame(state: StockTickerState, data: CommandData<'JoinGame'>): StockTickerEvent[] {
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
  if (lobby.seats.length >= lobby.options.maxPlayers) {
    throw new RuleViolation('GAME_FULL', `This game is full: at most ${lobby.options.maxPlayers} players`);
  }
  return [{ type: 'PlayerJoined', data: { playerId, name, seat: lobby.seats.length } }];
}

/** PREPARATION: a Broker is chosen, and rolling goes from the Broker to the left, in seat order. */
function startGame(state: StockTickerState, data: CommandData<'StartGame'>, context: DecisionContext): StockTickerEvent[] {
  const lobby = requireLobby(state);
  if (lobby.seats.length < stockTickerContent.players.min) {
    throw new RuleViolation('NOT_ENOUGH_PLAYERS', `Stock Ticker needs at least ${stockTickerContent.players.min} players`);
  }
  const brokerSeat =
    data.brokerId === undefined ? 0 : lobby.seats.findIndex((seat) => seat.playerId === data.brokerId);
  const broker = lobby.seats[brokerSeat];
  if (!broker) throw unknownPlayer(String(data.brokerId));
  if (parseInstant(context.now) === undefined) {
    throw new InvalidInput('INVALID_CLOCK', `The referee's clock reading "${context.now}" is not an ISO-8601 time`);
  }
  const seatOrder = [...lobby.seats.slice(brokerSeat), ...lobby.seats.slice(0, brokerSeat)].map((seat) => seat.playerId);
  return [
    {
      type: 'GameStarted',
      data: {
        brokerId: broker.playerId,
        seatOrder,
        startedAt: context.now,
        prices: recordOfStocks(() => stockTickerContent.parPrice),
      },
    },
  ];
}

// ---- Buying and selling --------------------------------------------------------------------------

/** BUYING AND SELLING: at the present market value, only in the opening or a trading window. */
function buyShares(state: StockTickerState, data: CommandData<'BuyShares'>): StockTickerEvent[] {
  const { trading, playerId, portfolio, stock, shares } = checkTrade(state, data);
  const price = trading.prices[stock];
  const cost = shares * price;
  if (cost > portfolio.cash) {
    throw new RuleViolation(
      'NOT_ENOUGH_CASH',
      `${formatCount(shares)} ${stockLabel(stock)} at ${formatCents(price)} cost ${formatCents(cost)}; ` +
        `you have ${formatCents(portfolio.cash)}`,
      { needed: cost, available: portfolio.cash },
    );
  }
  return [{ type: 'SharesBought', data: { playerId, stock, shares, price, cost } }];
}

function sellShares(state: StockTickerState, data: CommandData<'SellShares'>): StockTickerEvent[] {
  const { trading, playerId, portfolio, stock, shares } = checkTrade(state, data);
  const held = portfolio.holdings[stock];
  if (shares > held) {
    throw new RuleViolation(
      'NOT_ENOUGH_SHARES',
      `You hold ${formatCount(held)} ${stockLabel(stock)} and cannot sell ${formatCount(shares)}`,
      { requested: shares, held },
    );
  }
  const price = trading.prices[stock];
  return [{ type: 'SharesSold', data: { playerId, stock, shares, price, proceeds: shares * price } }];
}

function checkTrade(state: StockTickerState, data: CommandData<'BuyShares' | 'SellShares'>) {
  const active = requireActive(state);
  const { playerId, portfolio } = requirePlayer(active, data.playerId);
  if (!active.options.stocks.some((stock) => stock === data.stock)) {
    throw new InvalidInput('UNKNOWN_STOCK', `${JSON.stringify(data.stock)} is not a stock on this board`, {
      stocks: active.options.stocks,
    });
  }
  const stock: StockName = data.stock;
  const shares = checkLots(data.shares);
  const trading = requireOpenTrading(active, playerId);
  return { trading, playerId, portfolio, stock, shares };
}

function checkLots(shares: unknown): number {
  const lot = stockTickerContent.lotSize;
  if (typeof shares !== 'number' || !Number.isSafeInteger(shares) || shares <= 0 || shares % lot !== 0) {
    throw new InvalidInput(
      'ODD_LOT',
      `Shares are traded in lots of ${lot}: ${String(shares)} is not a positive multiple of ${lot}`,
    );
  }
  return shares;
}

/** TO START THE GAME / BUYING AND SELLING: each player says when done; the window closes when all are. */
function finishTrading(state: StockTickerState, data: CommandData<'FinishTrading'>): StockTickerEvent[] {
  const active = requireActive(state);
  const { playerId, portfolio } = requirePlayer(active, data.playerId);
  const trading = requireOpenTrading(active, playerId);
  if (trading.phase === 'opening' && !holdsStock(portfolio)) {
    throw new RuleViolation('MUST_HOLD_STOCK', 'All players must hold some Stock at the start of the game: buy at least one lot');
  }
  const events: StockTickerEvent[] = [{ type: 'TradingFinished', data: { playerId } }];
  const everyoneDone = trading.seatOrder.every((id) => id === playerId || trading.finished.includes(id));
  if (everyoneDone) events.push(closeTrading(trading));
  return events;
}

function closeTrading(trading: TradingState): StockTickerEvent {
  switch (trading.phase) {
    case 'opening':
      return { type: 'OpeningClosed', data: {} };
    case 'trading':
      return { type: 'TradingWindowClosed', data: { beforeRound: trading.round } };
    default:
      return assertNever(trading, 'trading state');
  }
}

function requireOpenTrading(active: ActiveState, playerId: PlayerId): TradingState {
  switch (active.phase) {
    case 'opening':
    case 'trading':
      if (active.finished.includes(playerId)) {
        const name = playerName(active, playerId);
        throw new RuleViolation('ALREADY_FINISHED', `${name} has already finished trading in this window`);
      }
      return active;
    case 'rolling':
      throw new RuleViolation('TRADING_CLOSED', "Buying and selling happen only in a trading window, before the Broker's roll");
    default:
      return assertNever(active, 'state');
  }
}

// ---- Rolling -------------------------------------------------------------------------------------

/** TO START THE GAME: the Broker rolls the three dice, then each player to the left. */
function rollDice(state: StockTickerState, data: CommandData<'RollDice'>, context: DecisionContext): StockTickerEvent[] {
  const active = requireActive(state);
  const { playerId } = requirePlayer(active, data.playerId);
  const rolling = requireRolling(active);
  const roller = currentRoller(rolling);
  if (roller !== playerId) {
    const whose = roller === undefined ? 'nobody' : playerName(rolling, roller);
    throw new RuleViolation('NOT_YOUR_TURN', `It is ${whose}'s turn to roll the dice`, { roller });
  }
  // BRIEF OBJECT OF THE GAME: the time limit is checked when the next roll is asked for.
  if (timeIsUp(rolling, context.now)) return [gameEnded(rolling, 'TIME_LIMIT')];

  const faces = {
    stock: context.random.int(0, rolling.options.stocks.length - 1),
    action: context.random.int(0, stockTickerContent.dice.action.length - 1),
    amount: context.random.int(0, stockTickerContent.dice.amount.length - 1),
  };
  const stock = rolling.options.stocks[faces.stock];
  const action = stockTickerContent.dice.action[faces.action];
  const amount = stockTickerContent.dice.amount[faces.amount];
  if (stock === undefined || action === undefined || amount === undefined) {
    throw new Error(`The random source gave faces outside the dice: ${JSON.stringify(faces)}`);
  }
  const rolled: StockTickerEvent = {
    type: 'DiceRolled',
    data: { playerId, round: rolling.round, stock, action, amount, faces },
  };
  const effects = rollEffects(rolling, stock, action, amount);
  const settled = effects.reduce(applyMarketEvent, rolling);
  return [rolled, ...effects, ...afterRoll(settled)];
}

function requireRolling(active: ActiveState): RollingState {
  switch (active.phase) {
    case 'rolling':
      return active;
    case 'opening':
    case 'trading':
      throw new RuleViolation('TRADING_IN_PROGRESS', 'The dice wait until every player has finished trading');
    default:
      return assertNever(active, 'state');
  }
}

function timeIsUp(rolling: RollingState, now: string): boolean {
  const limit = rolling.options.timeLimitMinutes;
  if (limit === null) return false;
  const elapsed = minutesBetween(rolling.startedAt, now);
  if (elapsed === undefined) {
    throw new InvalidInput('INVALID_CLOCK', `The referee's clock reading "${now}" is not an ISO-8601 time`);
  }
  return elapsed >= limit;
}

function rollEffects(rolling: RollingState, stock: StockName, action: DiceAction, amount: number): MarketEvent[] {
  const price = rolling.prices[stock];
  switch (action) {
    case 'UP': {
      const to = price + amount;
      const moved: MarketEvent = { type: 'PriceChanged', data: { stock, from: price, to } };
      if (to < stockTickerContent.splitPrice) return [moved];
      // STOCK SPLIT: one more share for each one held; back to par, the overshoot is discarded.
      const holdings = holdersOf(rolling, stock).map(({ playerId, shares }) => ({ playerId, before: shares, after: shares * 2 }));
      return [moved, { type: 'StockSplit', data: { stock, priceBefore: to, holdings } }, backToPar(stock, to)];
    }
    case 'DOWN': {
      const to = price - amount;
      const moved: MarketEvent = { type: 'PriceChanged', data: { stock, from: price, to } };
      if (to > stockTickerContent.offMarketPrice) return [moved];
      // STOCKS TAKEN OFF THE MARKET: holdings go back to the Broker; the stock returns at par.
      const forfeited = holdersOf(rolling, stock).map(({ playerId, shares }) => ({ playerId, before: shares, after: 0 }));
      return [moved, { type: 'StockOffMarket', data: { stock, forfeited } }, backToPar(stock, to)];
    }
    case 'DIVIDEND': {
      // DIVIDENDS: paid per share held, only at par or more.
      if (price < stockTickerContent.parPrice) {
        return [{ type: 'DividendNotPaid', data: { stock, price, reason: 'BELOW_PAR' } }];
      }
      const payments = holdersOf(rolling, stock).map(({ playerId, shares }) => ({ playerId, shares, amount: shares * amount }));
      return [{ type: 'DividendPaid', data: { stock, perShare: amount, payments } }];
    }
    default:
      return assertNever(action, 'dice action');
  }
}

function backToPar(stock: StockName, from: number): MarketEvent {
  return { type: 'PriceChanged', data: { stock, from, to: stockTickerContent.parPrice } };
}

/** The dice pass to the left; after the last seat the round is complete (BUYING AND SELLING). */
function afterRoll(settled: RollingState): StockTickerEvent[] {
  const { round } = settled;
  const next = settled.seatOrder[settled.turn + 1];
  if (next !== undefined) return [{ type: 'TurnPassed', data: { toPlayerId: next, round } }];

  const completed: StockTickerEvent = { type: 'RoundCompleted', data: { round } };
  const { roundLimit, tradingWindowEvery } = settled.options;
  if (roundLimit !== null && round >= roundLimit) return [completed, gameEnded(settled, 'ROUND_LIMIT')];
  if (round % tradingWindowEvery === 0) return [completed, { type: 'TradingWindowOpened', data: { beforeRound: round + 1 } }];
  return [completed, { type: 'TurnPassed', data: { toPlayerId: settled.brokerId, round: round + 1 } }];
}

// ---- Borrowing and the end -----------------------------------------------------------------------

/** BORROWING: up to $1000.00 from the Broker, once, for a player with no stock and no money left. */
function borrow(state: StockTickerState, data: CommandData<'Borrow'>): StockTickerEvent[] {
  const active = requireActive(state);
  const { playerId, portfolio } = requirePlayer(active, data.playerId);
  const { maxAmount } = stockTickerContent.loan;
  if (typeof data.amount !== 'number' || !Number.isInteger(data.amount) || data.amount < 1 || data.amount > maxAmount) {
    throw new InvalidInput('INVALID_AMOUNT', `A loan is from ${formatCents(1)} to ${formatCents(maxAmount)}`);
  }
  if (portfolio.hasBorrowed) {
    throw new RuleViolation('ALREADY_BORROWED', 'Any player is allowed to borrow only once during the game');
  }
  if (!mayBorrow(portfolio)) throw loanNotAllowed(portfolio);
  return [{ type: 'LoanTaken', data: { playerId, amount: data.amount } }];
}

function loanNotAllowed(portfolio: Portfolio): RuleViolation {
  const limit = formatCents(stockTickerContent.loan.allowedBelowCash);
  const reason = holdsStock(portfolio)
    ? 'you still hold stock'
    : `you have ${formatCents(portfolio.cash)} and a loan needs less than ${limit}`;
  return new RuleViolation('LOAN_NOT_ALLOWED', `Only a player who has lost all his Stocks and money may borrow: ${reason}`);
}

function endGame(state: StockTickerState, data: CommandData<'EndGame'>): StockTickerEvent[] {
  const active = requireActive(state);
  if (data.reason !== 'AGREED' && data.reason !== 'TIME_LIMIT') {
    throw new InvalidInput('INVALID_REASON', 'A game is ended by agreement (AGREED) or at its time limit (TIME_LIMIT)');
  }
  return [gameEnded(active, data.reason)];
}

// ---- Phase and player checks ---------------------------------------------------------------------

function requireLobby(state: StockTickerState): LobbyState {
  switch (state.phase) {
    case 'lobby':
      return state;
    case 'uncreated':
      throw gameNotCreated();
    case 'opening':
    case 'trading':
    case 'rolling':
      throw new RuleViolation('GAME_ALREADY_STARTED', 'The game has already started');
    case 'finished':
      throw gameOver();
    default:
      return assertNever(state, 'state');
  }
}

function requireActive(state: StockTickerState): ActiveState {
  switch (state.phase) {
    case 'opening':
    case 'trading':
    case 'rolling':
      return state;
    case 'uncreated':
      throw gameNotCreated();
    case 'lobby':
      throw new RuleViolation('GAME_NOT_STARTED', 'The game has not started yet');
    case 'finished':
      throw gameOver();
    default:
      return assertNever(state, 'state');
  }
}

function requirePlayer(active: ActiveState, playerId: string): { playerId: PlayerId; portfolio: Portfolio } {
  const portfolio = active.portfolios[playerId];
  if (!portfolio || !active.seatOrder.some((id) => id === playerId)) throw unknownPlayer(playerId);
  return { playerId: asPlayerId(playerId), portfolio };
}

function unknownPlayer(playerId: string): NotFound {
  return new NotFound('UNKNOWN_PLAYER', `No player ${JSON.stringify(playerId)} is seated at this game`);
}

function gameNotCreated(): RuleViolation {
  return new RuleViolation('GAME_NOT_CREATED', 'This game has not been created');
}

function gameOver(): RuleViolation {
  return new RuleViolation('GAME_OVER', 'The game is over');
}
