import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { companyDefinition, emptyTrend, recordOfCompanies } from './market';
import { inPlay } from './state';
import type { FinishedState, InPlayState, LobbyState, NewspaperState, PlanningState, SetupState, TradingState } from './state';
import type { BolsaEvent, BolsaState, CompanyId, CompanyMarket, Portfolio } from './types';

/** Folds one event into the state. Never fails for an event `decide` produced. */
export function evolve(state: BolsaState, event: BolsaEvent): BolsaState {
  switch (event.type) {
    case 'GameCreated':
      return { phase: 'lobby', gameId: event.data.gameId, options: event.data.options, seats: [] };
    case 'PlayerJoined':
      if (state.phase !== 'lobby') return state;
      return { ...state, seats: [...state.seats, { playerId: event.data.playerId, name: event.data.name }] };
    case 'GameStarted':
      return state.phase === 'lobby' ? gameStarted(state, event.data) : state;
    default:
      return evolveInPlay(inPlay(state), event);
  }
}

function gameStarted(lobby: LobbyState, data: Extract<BolsaEvent, { type: 'GameStarted' }>['data']): BolsaState {
  const { seatOrder, companies, sharesPerCompany, startingCash } = data;
  const noShares = recordOfCompanies(() => 0);
  return setupState({
    gameId: lobby.gameId,
    options: lobby.options,
    seats: lobby.seats,
    seatOrder,
    companies,
    sharesPerCompany,
    month: 0,
    portfolios: Object.fromEntries(seatOrder.map((playerId) => [playerId, portfolio(startingCash, noShares)])),
    market: recordOfCompanies((company) =>
      companyMarket(companyDefinition(company).startLevel, companies.includes(company) ? sharesPerCompany : 0, emptyTrend()),
    ),
    deck: [],
    discard: [],
    suspended: [],
    suspendedNextMonth: [],
    priceHistory: [],
    previousMonth: null,
  });
}

// Folding is the hot path of every load, projection and replay. Each event copies the state's top
// level and the record it changes, nothing else (the rest is shared with the previous state). The
// copies are written as literals of one shape per phase, then changed in place before they are
// returned: a spread of a state (or a spread followed by properties it lacks) sees many hidden
// classes and makes V8 copy the slow way, up to tens of microseconds an event.
function evolveInPlay(state: InPlayState, event: BolsaEvent): BolsaState {
  switch (event.type) {
    case 'GameCreated':
    case 'PlayerJoined':
    case 'GameStarted':
      return state;
    case 'NewspaperDeckShuffled': {
      const next = copyOf(state);
      next.deck = [...state.deck, ...event.data.order];
      next.discard = state.discard.filter((cardId) => !event.data.order.includes(cardId));
      return next;
    }
    case 'SharesDealt': {
      const { playerId, shares } = event.data;
      const dealt = updatePortfolio(state, playerId, (held) => portfolio(held.cash, shares));
      const next = copyOf(dealt);
      next.market = recordOfCompanies((company) => {
        const market = dealt.market[company];
        return companyMarket(market.level, market.available - shares[company], market.trend);
      });
      return next;
    }
    case 'OpeningPriceSet':
    case 'PriceMovedByNewspaper':
      return updateMarket(state, event.data.company, (market) => companyMarket(event.data.level, market.available, market.trend));
    case 'MonthStarted': {
      const next = planningState(state, event.data.deadline, {});
      next.month = event.data.month;
      next.suspended = event.data.suspended;
      next.suspendedNextMonth = [];
      next.previousMonth = monthRecord(state);
      return next;
    }
    case 'TrendDieRolled': {
      const { company, die, monthOfQuarter } = event.data;
      return updateMarket(state, company, (market) => {
        const trend: [CompanyMarket['trend'][number], CompanyMarket['trend'][number], CompanyMarket['trend'][number]] = [...market.trend];
        trend[monthOfQuarter - 1] = die;
        return companyMarket(market.level, market.available, trend);
      });
    }
    case 'QuarterPriceMoved':
      // Step 3, Fig. 2: the cubes are collected once the blue marker has moved.
      return updateMarket(state, event.data.company, (market) => companyMarket(event.data.level, market.available, emptyTrend()));
    case 'PlanSubmitted': {
      if (state.phase !== 'planning') return state;
      const next = copyOf(state);
      next.plans = { ...state.plans, [event.data.playerId]: event.data.plan };
      return next;
    }
    case 'PlayerExcluded':
      return state;
    case 'PlansRevealed':
      return tradingState(state, event.data.plans, event.data.excluded, {});
    case 'SharesSold': {
      const { playerId, company, shares, proceeds, yellowLevel } = event.data;
      const sold = updatePortfolio(state, playerId, (held) =>
        portfolio(held.cash + proceeds, withCompany(held.shares, company, held.shares[company] - shares)),
      );
      const next = updateMarket(sold, company, (market) => companyMarket(market.level, market.available + shares, market.trend));
      if (next.phase === 'trading') next.yellow = { ...next.yellow, [company]: yellowLevel };
      return next;
    }
    case 'SharesBought': {
      const { playerId, company, shares, cost, yellowLevel } = event.data;
      const bought = updatePortfolio(state, playerId, (held) =>
        portfolio(held.cash - cost, withCompany(held.shares, company, held.shares[company] + shares)),
      );
      const next = updateMarket(bought, company, (market) => companyMarket(market.level, market.available - shares, market.trend));
      if (next.phase === 'trading') next.yellow = { ...next.yellow, [company]: yellowLevel };
      return next;
    }
    case 'PlannedActionIneffective':
    case 'LotteryStarted':
    case 'LotteryShareDrawn':
      return state;
    case 'NewspaperCardSkipped': {
      const { cardId } = event.data;
      const next = copyOf(state);
      next.deck = state.deck.filter((id) => id !== cardId);
      next.discard = [...state.discard, cardId];
      return next;
    }
    case 'YellowMarkerReplaced': {
      const next = updateMarket(state, event.data.company, (market) => companyMarket(event.data.level, market.available, market.trend));
      if (next.phase === 'trading') {
        const { [event.data.company]: _replaced, ...yellow } = next.yellow;
        next.yellow = yellow;
      }
      return next;
    }
    case 'NewspaperReadersChosen':
      if (state.phase !== 'trading') return state;
      return newspaperState(state, state.plans, state.excluded, event.data.readers, {}, []);
    case 'NewspaperCardsDrawn': {
      const { playerId, cards } = event.data;
      if (state.phase !== 'newspaper') return state;
      const next = copyOf(state);
      next.deck = state.deck.filter((cardId) => !cards.includes(cardId));
      next.hands = { ...state.hands, [playerId]: { drawn: cards, chosen: null } };
      return next;
    }
    case 'NewspaperCardChosen': {
      const { playerId, cardId, returned } = event.data;
      const hand = state.phase === 'newspaper' ? state.hands[playerId] : undefined;
      if (state.phase !== 'newspaper' || !hand) return state;
      // Step 9: the two other cards go to the bottom of the deck.
      const next = copyOf(state);
      next.deck = [...state.deck, ...returned];
      next.hands = { ...state.hands, [playerId]: { drawn: hand.drawn, chosen: cardId } };
      return next;
    }
    case 'NewspaperCardPlayed': {
      const { playerId, cardId } = event.data;
      const next = copyOf(state);
      next.deck = state.deck.filter((id) => id !== cardId);
      next.discard = [...state.discard, cardId];
      if (next.phase === 'newspaper') next.cardsPlayed = [...next.cardsPlayed, { playerId, cardId }];
      return next;
    }
    case 'TradingSuspended': {
      if (state.suspendedNextMonth.includes(event.data.company)) return state;
      const next = copyOf(state);
      next.suspendedNextMonth = [...state.suspendedNextMonth, event.data.company];
      return next;
    }
    case 'MonthEnded': {
      const next = copyOf(state);
      next.priceHistory = [...state.priceHistory, { month: event.data.month, prices: event.data.closingPrices }];
      return next;
    }
    case 'DividendsPaid':
      return event.data.payments.reduce<InPlayState>(
        (current, { playerId, amount }) => updatePortfolio(current, playerId, (held) => portfolio(held.cash + amount, held.shares)),
        state,
      );
    case 'SharesLiquidated': {
      const { company, sales } = event.data;
      const sold = sales.reduce<InPlayState>(
        (current, { playerId, shares, proceeds }) =>
          updatePortfolio(current, playerId, (held) =>
            portfolio(held.cash + proceeds, withCompany(held.shares, company, held.shares[company] - shares)),
          ),
        state,
      );
      const returned = sales.reduce((sum, sale) => sum + sale.shares, 0);
      return updateMarket(sold, company, (market) => companyMarket(market.level, market.available + returned, market.trend));
    }
    case 'GameEnded':
      return finishedState(state, event.data.standings, event.data.winners);
    default:
      return assertNever(event, 'event');
  }
}

function monthRecord(state: InPlayState): InPlayState['previousMonth'] {
  switch (state.phase) {
    case 'trading':
      return { month: state.month, plans: state.plans, excluded: state.excluded, cardsPlayed: [] };
    case 'newspaper':
      return { month: state.month, plans: state.plans, excluded: state.excluded, cardsPlayed: state.cardsPlayed };
    case 'setup':
    case 'planning':
    case 'finished':
      return state.previousMonth;
    default:
      return assertNever(state, 'state');
  }
}

function updatePortfolio(state: InPlayState, playerId: PlayerId, change: (portfolio: Portfolio) => Portfolio): InPlayState {
  const held = state.portfolios[playerId];
  if (!held) return state;
  const next = copyOf(state);
  next.portfolios = { ...state.portfolios, [playerId]: change(held) };
  return next;
}

function updateMarket(state: InPlayState, company: CompanyId, change: (market: CompanyMarket) => CompanyMarket): Draft<InPlayState> {
  const next = copyOf(state);
  next.market = withCompany(state.market, company, change(state.market[company]));
  return next;
}

/** A per-company record with one company's value replaced, of the same shape as every other. */
function withCompany<T>(record: Readonly<Record<CompanyId, T>>, company: CompanyId, value: T): Record<CompanyId, T> {
  return {
    CEREAL: company === 'CEREAL' ? value : record.CEREAL,
    BIOTECH: company === 'BIOTECH' ? value : record.BIOTECH,
    INDUSTRIAL: company === 'INDUSTRIAL' ? value : record.INDUSTRIAL,
    ENERGY: company === 'ENERGY' ? value : record.ENERGY,
    PHONE: company === 'PHONE' ? value : record.PHONE,
    BANCA: company === 'BANCA' ? value : record.BANCA,
  };
}

function companyMarket(level: number, available: number, trend: CompanyMarket['trend']): CompanyMarket {
  return { level, available, trend };
}

function portfolio(cash: number, shares: Portfolio['shares']): Portfolio {
  return { cash, shares };
}

// ---- One literal per phase, keys in the order the state has always been serialised in ------------

type Draft<T> = { -readonly [K in keyof T]: T[K] };
/** The fields every phase from the start of the game on shares. */
type Shared = Omit<SetupState, 'phase'>;

/** A copy of the state, to change before it is returned. */
function copyOf<S extends InPlayState>(state: S): Draft<S>;
function copyOf(state: InPlayState): Draft<InPlayState> {
  switch (state.phase) {
    case 'setup':
      return setupState(state);
    case 'planning':
      return planningState(state, state.deadline, state.plans);
    case 'trading':
      return tradingState(state, state.plans, state.excluded, state.yellow);
    case 'newspaper':
      return newspaperState(state, state.plans, state.excluded, state.readers, state.hands, state.cardsPlayed);
    case 'finished':
      return finishedState(state, state.standings, state.winners);
    default:
      return assertNever(state, 'state');
  }
}

function setupState(shared: Shared): Draft<SetupState> {
  return {
    phase: 'setup',
    gameId: shared.gameId,
    options: shared.options,
    seats: shared.seats,
    seatOrder: shared.seatOrder,
    companies: shared.companies,
    sharesPerCompany: shared.sharesPerCompany,
    month: shared.month,
    portfolios: shared.portfolios,
    market: shared.market,
    deck: shared.deck,
    discard: shared.discard,
    suspended: shared.suspended,
    suspendedNextMonth: shared.suspendedNextMonth,
    priceHistory: shared.priceHistory,
    previousMonth: shared.previousMonth,
  };
}

function planningState(shared: Shared, deadline: PlanningState['deadline'], plans: PlanningState['plans']): Draft<PlanningState> {
  return {
    gameId: shared.gameId,
    options: shared.options,
    seats: shared.seats,
    seatOrder: shared.seatOrder,
    companies: shared.companies,
    sharesPerCompany: shared.sharesPerCompany,
    month: shared.month,
    portfolios: shared.portfolios,
    market: shared.market,
    deck: shared.deck,
    discard: shared.discard,
    suspended: shared.suspended,
    suspendedNextMonth: shared.suspendedNextMonth,
    priceHistory: shared.priceHistory,
    previousMonth: shared.previousMonth,
    phase: 'planning',
    deadline,
    plans,
  };
}

function tradingState(
  shared: Shared,
  plans: TradingState['plans'],
  excluded: TradingState['excluded'],
  yellow: TradingState['yellow'],
): Draft<TradingState> {
  return {
    gameId: shared.gameId,
    options: shared.options,
    seats: shared.seats,
    seatOrder: shared.seatOrder,
    companies: shared.companies,
    sharesPerCompany: shared.sharesPerCompany,
    month: shared.month,
    portfolios: shared.portfolios,
    market: shared.market,
    deck: shared.deck,
    discard: shared.discard,
    suspended: shared.suspended,
    suspendedNextMonth: shared.suspendedNextMonth,
    priceHistory: shared.priceHistory,
    previousMonth: shared.previousMonth,
    phase: 'trading',
    plans,
    excluded,
    yellow,
  };
}

function newspaperState(
  shared: Shared,
  plans: NewspaperState['plans'],
  excluded: NewspaperState['excluded'],
  readers: NewspaperState['readers'],
  hands: NewspaperState['hands'],
  cardsPlayed: NewspaperState['cardsPlayed'],
): Draft<NewspaperState> {
  return {
    gameId: shared.gameId,
    options: shared.options,
    seats: shared.seats,
    seatOrder: shared.seatOrder,
    companies: shared.companies,
    sharesPerCompany: shared.sharesPerCompany,
    month: shared.month,
    portfolios: shared.portfolios,
    market: shared.market,
    deck: shared.deck,
    discard: shared.discard,
    suspended: shared.suspended,
    suspendedNextMonth: shared.suspendedNextMonth,
    priceHistory: shared.priceHistory,
    previousMonth: shared.previousMonth,
    phase: 'newspaper',
    plans,
    excluded,
    readers,
    hands,
    cardsPlayed,
  };
}

function finishedState(shared: Shared, standings: FinishedState['standings'], winners: FinishedState['winners']): Draft<FinishedState> {
  return {
    gameId: shared.gameId,
    options: shared.options,
    seats: shared.seats,
    seatOrder: shared.seatOrder,
    companies: shared.companies,
    sharesPerCompany: shared.sharesPerCompany,
    month: shared.month,
    portfolios: shared.portfolios,
    market: shared.market,
    deck: shared.deck,
    discard: shared.discard,
    suspended: shared.suspended,
    suspendedNextMonth: shared.suspendedNextMonth,
    priceHistory: shared.priceHistory,
    previousMonth: shared.previousMonth,
    phase: 'finished',
    standings,
    winners,
  };
}
