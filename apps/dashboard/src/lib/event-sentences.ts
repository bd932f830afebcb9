import { formatCents, formatCount, formatPerShare, joinNames } from './format';
import { asRecord, numberAt, recordsAt, stringAt, stringsAt, type JsonRecord } from './json';
import { isStockName, type StockName } from './types';

/** What a sentence needs of an event: its type and the data the engine recorded. */
export interface EventLike {
  readonly type: string;
  readonly data: unknown;
}

/** Player ids to display names; unknown ids are shown as they are. */
export type PlayerNames = ReadonlyMap<string, string>;

export function playerNames(players: readonly { playerId: string; name: string }[]): PlayerNames {
  return new Map(players.map((player) => [player.playerId, player.name]));
}

function nameOf(names: PlayerNames, playerId: string | undefined): string {
  if (playerId === undefined) return 'A player';
  return names.get(playerId) ?? playerId;
}

function money(value: number | undefined): string {
  return value === undefined ? '?' : formatCents(value);
}

function count(value: number | undefined): string {
  return value === undefined ? '?' : formatCount(value);
}

const END_REASONS: Readonly<Record<string, string>> = {
  ROUND_LIMIT: 'round limit reached',
  TIME_LIMIT: 'time limit reached',
  AGREED: 'by agreement',
};

/** Who issued the command behind an event: "Alice", "Alice (bot)", "Referee". */
export function describeActor(actor: string, names: PlayerNames): string {
  if (actor === 'referee') return 'Referee';
  if (actor.startsWith('bot:')) return `${nameOf(names, actor.slice(4))} (bot)`;
  return nameOf(names, actor);
}

/** One readable sentence per event, e.g. "Alice bought 1,000 GOLD at $1.10 ($1,100.00)". */
export function describeEvent(event: EventLike, names: PlayerNames): string {
  const data = asRecord(event.data);
  const player = () => nameOf(names, stringAt(data, 'playerId'));
  const stock = stringAt(data, 'stock') ?? '?';
  switch (event.type) {
    case 'GameCreated':
      return describeCreation(data);
    case 'PlayerJoined': {
      const seat = numberAt(data, 'seat');
      return `${stringAt(data, 'name') ?? player()} joined the game${seat === undefined ? '' : ` at seat ${seat + 1}`}`;
    }
    case 'GameStarted': {
      const order = stringsAt(data, 'seatOrder').map((id) => nameOf(names, id));
      const broker = nameOf(names, stringAt(data, 'brokerId'));
      return `Game started: ${broker} is the Broker${order.length > 0 ? `; rolling order ${order.join(', ')}` : ''}`;
    }
    case 'SharesBought':
      return `${player()} bought ${count(numberAt(data, 'shares'))} ${stock} at ${money(numberAt(data, 'price'))} (${money(numberAt(data, 'cost'))})`;
    case 'SharesSold':
      return `${player()} sold ${count(numberAt(data, 'shares'))} ${stock} at ${money(numberAt(data, 'price'))} (${money(numberAt(data, 'proceeds'))})`;
    case 'TradingFinished':
      return `${player()} finished trading`;
    case 'OpeningClosed':
      return 'Opening purchases closed: the Broker rolls first';
    case 'TradingWindowOpened':
      return `Trading window opened before round ${count(numberAt(data, 'beforeRound'))}`;
    case 'TradingWindowClosed':
      return `Trading window closed before round ${count(numberAt(data, 'beforeRound'))}`;
    case 'DiceRolled':
      return `${player()} rolled ${stock} ${stringAt(data, 'action') ?? '?'} ${count(numberAt(data, 'amount'))}`;
    case 'PriceChanged':
      return `${stock} moved from ${money(numberAt(data, 'from'))} to ${money(numberAt(data, 'to'))}`;
    case 'DividendPaid':
      return describeDividend(data, stock, names);
    case 'DividendNotPaid': {
      const price = numberAt(data, 'price');
      return `No dividend on ${stock}: the price ${money(price)} is below par`;
    }
    case 'StockSplit':
      return describeSplit(data, stock, names);
    case 'StockOffMarket':
      return describeOffMarket(data, stock, names);
    case 'LoanTaken':
      return `${player()} borrowed ${money(numberAt(data, 'amount'))} from the Broker`;
    case 'TurnPassed':
      return `Turn passes to ${nameOf(names, stringAt(data, 'toPlayerId'))} (round ${count(numberAt(data, 'round'))})`;
    case 'RoundCompleted':
      return `Round ${count(numberAt(data, 'round'))} completed`;
    case 'GameEnded':
      return describeEnd(data, names);
    default:
      return event.type;
  }
}

function describeCreation(data: JsonRecord): string {
  const options = asRecord(data['options']);
  const stocks = stringsAt(options, 'stocks');
  const roundLimit = numberAt(options, 'roundLimit');
  const every = numberAt(options, 'tradingWindowEvery');
  const cash = numberAt(options, 'startingCash');
  const parts = [
    stocks.length > 0 ? `${stocks.length} stocks` : undefined,
    roundLimit === undefined ? 'no round limit' : `${roundLimit} rounds`,
    every === undefined ? undefined : every === 1 ? 'trading window every round' : `trading window every ${every} rounds`,
    cash === undefined ? undefined : `starting cash ${formatCents(cash)}`,
  ].filter((part): part is string => part !== undefined);
  const id = stringAt(data, 'gameId');
  const head = id === undefined ? 'Game created' : `Game ${id} created`;
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}

function describeDividend(data: JsonRecord, stock: string, names: PlayerNames): string {
  const perShare = numberAt(data, 'perShare');
  const head = `Dividend of ${perShare === undefined ? '?' : formatPerShare(perShare)} on ${stock}`;
  const payments = recordsAt(data, 'payments');
  if (payments.length === 0) return `${head}: no shareholder to pay`;
  const paid = payments.map((payment) => `${money(numberAt(payment, 'amount'))} to ${nameOf(names, stringAt(payment, 'playerId'))}`);
  return `${head} paid ${joinNames(paid)}`;
}

function describeSplit(data: JsonRecord, stock: string, names: PlayerNames): string {
  const before = numberAt(data, 'priceBefore');
  const holdings = recordsAt(data, 'holdings').map(
    (change) =>
      `${nameOf(names, stringAt(change, 'playerId'))} ${count(numberAt(change, 'before'))} → ${count(numberAt(change, 'after'))}`,
  );
  const detail = holdings.length > 0 ? ` (${holdings.join(', ')})` : '';
  return `${stock} split at ${money(before)}: holdings doubled${detail}; the price is back to par`;
}

function describeOffMarket(data: JsonRecord, stock: string, names: PlayerNames): string {
  const forfeited = recordsAt(data, 'forfeited')
    .filter((change) => (numberAt(change, 'before') ?? 0) > 0)
    .map((change) => `${nameOf(names, stringAt(change, 'playerId'))} forfeited ${count(numberAt(change, 'before'))} shares`);
  const detail = forfeited.length > 0 ? `: ${joinNames(forfeited)}` : ': nobody held it';
  return `${stock} went off the market${detail}; it is back at par`;
}

function describeEnd(data: JsonRecord, names: PlayerNames): string {
  const reason = END_REASONS[stringAt(data, 'reason') ?? ''] ?? 'game over';
  const winners = stringsAt(data, 'winners').map((id) => nameOf(names, id));
  const standings = recordsAt(data, 'standings');
  const top = standings.find((standing) => numberAt(standing, 'rank') === 1);
  const cash = top ? numberAt(top, 'finalCash') : undefined;
  if (winners.length === 0) return `Game ended (${reason})`;
  const verb = winners.length === 1 ? 'wins' : 'win';
  return `Game ended (${reason}): ${joinNames(winners)} ${verb}${cash === undefined ? '' : ` with ${formatCents(cash)}`}`;
}

/** Every player an event concerns: the one acting and those paid, split, forfeited or ranked. */
export function playersInEvent(event: EventLike & { actor?: string }): Set<string> {
  const data = asRecord(event.data);
  const ids = new Set<string>();
  const add = (id: string | undefined) => {
    if (id !== undefined) ids.add(id);
  };
  add(stringAt(data, 'playerId'));
  add(stringAt(data, 'toPlayerId'));
  add(stringAt(data, 'brokerId'));
  for (const key of ['payments', 'holdings', 'forfeited', 'liquidations', 'standings']) {
    for (const item of recordsAt(data, key)) add(stringAt(item, 'playerId'));
  }
  for (const id of stringsAt(data, 'seatOrder')) add(id);
  if (event.actor !== undefined && event.actor !== 'referee') add(event.actor.startsWith('bot:') ? event.actor.slice(4) : event.actor);
  return ids;
}

/** The stocks an event is about (all of them for events that carry a whole price list). */
export function stocksInEvent(event: EventLike): Set<StockName> {
  const data = asRecord(event.data);
  const stocks = new Set<StockName>();
  const stock = stringAt(data, 'stock');
  if (isStockName(stock)) stocks.add(stock);
  const prices = asRecord(data['prices']);
  for (const key of Object.keys(prices)) if (isStockName(key)) stocks.add(key);
  for (const key of stringsAt(asRecord(data['options']), 'stocks')) if (isStockName(key)) stocks.add(key);
  for (const liquidation of recordsAt(data, 'liquidations')) {
    for (const sale of recordsAt(liquidation, 'sales')) {
      const sold = stringAt(sale, 'stock');
      if (isStockName(sold)) stocks.add(sold);
    }
  }
  return stocks;
}

/** The round an event names, if any (dice rolls, turns, round ends, trading windows). */
export function roundOfEvent(event: EventLike): number | undefined {
  const data = asRecord(event.data);
  return numberAt(data, 'round') ?? numberAt(data, 'beforeRound');
}

/** Stock Ticker's event types, in the order a game records them. */
export const EVENT_TYPES = [
  'GameCreated',
  'PlayerJoined',
  'GameStarted',
  'SharesBought',
  'SharesSold',
  'TradingFinished',
  'OpeningClosed',
  'TradingWindowOpened',
  'TradingWindowClosed',
  'DiceRolled',
  'PriceChanged',
  'DividendPaid',
  'DividendNotPaid',
  'StockSplit',
  'StockOffMarket',
  'LoanTaken',
  'TurnPassed',
  'RoundCompleted',
  'GameEnded',
] as const;
