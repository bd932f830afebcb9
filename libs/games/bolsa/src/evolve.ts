import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { companyDefinition, emptyTrend, recordOfCompanies } from './market';
import { inPlay } from './state';
import type { InPlayState, LobbyState } from './state';
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
  return {
    phase: 'setup',
    gameId: lobby.gameId,
    options: lobby.options,
    seats: lobby.seats,
    seatOrder,
    companies,
    sharesPerCompany,
    month: 0,
    portfolios: Object.fromEntries(seatOrder.map((playerId) => [playerId, { cash: startingCash, shares: noShares }])),
    market: recordOfCompanies((company) => ({
      level: companyDefinition(company).startLevel,
      available: companies.includes(company) ? sharesPerCompany : 0,
      trend: emptyTrend(),
    })),
    deck: [],
    discard: [],
    suspended: [],
    suspendedNextMonth: [],
    priceHistory: [],
    previousMonth: null,
  };
}

function evolveInPlay(state: InPlayState, event: BolsaEvent): BolsaState {
  switch (event.type) {
    case 'GameCreated':
    case 'PlayerJoined':
    case 'GameStarted':
      return state;
    case 'NewspaperDeckShuffled':
      return {
        ...state,
        deck: [...state.deck, ...event.data.order],
        discard: state.discard.filter((cardId) => !event.data.order.includes(cardId)),
      };
    case 'SharesDealt': {
      const { playerId, shares } = event.data;
      const withDeal = updatePortfolio(state, playerId, (portfolio) => ({ ...portfolio, shares }));
      return updateMarkets(withDeal, (company, market) => ({ ...market, available: market.available - shares[company] }));
    }
    case 'OpeningPriceSet':
      return updateMarket(state, event.data.company, (market) => ({ ...market, level: event.data.level }));
    case 'MonthStarted':
      return {
        ...base(state),
        phase: 'planning',
        month: event.data.month,
        deadline: event.data.deadline,
        plans: {},
        suspended: event.data.suspended,
        suspendedNextMonth: [],
        previousMonth: monthRecord(state),
      };
    case 'TrendDieRolled': {
      const { company, die, monthOfQuarter } = event.data;
      return updateMarket(state, company, (market) => {
        const trend: [CompanyMarket['trend'][number], CompanyMarket['trend'][number], CompanyMarket['trend'][number]] = [...market.trend];
        trend[monthOfQuarter - 1] = die;
        return { ...market, trend };
      });
    }
    case 'QuarterPriceMoved':
      // Step 3, Fig. 2: the cubes are collected once the blue marker has moved.
      return updateMarket(state, event.data.company, (market) => ({ ...market, level: event.data.level, trend: emptyTrend() }));
    case 'PlanSubmitted':
      if (state.phase !== 'planning') return state;
      return { ...state, plans: { ...state.plans, [event.data.playerId]: event.data.plan } };
    case 'PlayerExcluded':
      return state;
    case 'PlansRevealed':
      return { ...base(state), phase: 'trading', plans: event.data.plans, excluded: event.data.excluded, yellow: {} };
    case 'SharesSold': {
      const { playerId, company, shares, proceeds, yellowLevel } = event.data;
      const sold = updatePortfolio(state, playerId, (portfolio) => ({
        cash: portfolio.cash + proceeds,
        shares: { ...portfolio.shares, [company]: portfolio.shares[company] - shares },
      }));
      return withYellow(updateMarket(sold, company, (market) => ({ ...market, available: market.available + shares })), company, yellowLevel);
    }
    case 'SharesBought': {
      const { playerId, company, shares, cost, yellowLevel } = event.data;
      const bought = updatePortfolio(state, playerId, (portfolio) => ({
        cash: portfolio.cash - cost,
        shares: { ...portfolio.shares, [company]: portfolio.shares[company] + shares },
      }));
      return withYellow(updateMarket(bought, company, (market) => ({ ...market, available: market.available - shares })), company, yellowLevel);
    }
    case 'PlannedActionIneffective':
    case 'LotteryStarted':
    case 'LotteryShareDrawn':
      return state;
    case 'NewspaperCardSkipped': {
      const { cardId } = event.data;
      return { ...state, deck: state.deck.filter((id) => id !== cardId), discard: [...state.discard, cardId] };
    }
    case 'YellowMarkerReplaced': {
      const moved = updateMarket(state, event.data.company, (market) => ({ ...market, level: event.data.level }));
      if (moved.phase !== 'trading') return moved;
      const { [event.data.company]: _replaced, ...yellow } = moved.yellow;
      return { ...moved, yellow };
    }
    case 'NewspaperReadersChosen': {
      if (state.phase !== 'trading') return state;
      return {
        ...base(state),
        phase: 'newspaper',
        plans: state.plans,
        excluded: state.excluded,
        readers: event.data.readers,
        hands: {},
        cardsPlayed: [],
      };
    }
    case 'NewspaperCardsDrawn': {
      const { playerId, cards } = event.data;
      if (state.phase !== 'newspaper') return state;
      return {
        ...state,
        deck: state.deck.filter((cardId) => !cards.includes(cardId)),
        hands: { ...state.hands, [playerId]: { drawn: cards, chosen: null } },
      };
    }
    case 'NewspaperCardChosen': {
      const { playerId, cardId, returned } = event.data;
      const hand = state.phase === 'newspaper' ? state.hands[playerId] : undefined;
      if (state.phase !== 'newspaper' || !hand) return state;
      // Step 9: the two other cards go to the bottom of the deck.
      return { ...state, deck: [...state.deck, ...returned], hands: { ...state.hands, [playerId]: { ...hand, chosen: cardId } } };
    }
    case 'NewspaperCardPlayed': {
      const { playerId, cardId } = event.data;
      const played = { ...state, deck: state.deck.filter((id) => id !== cardId), discard: [...state.discard, cardId] };
      if (played.phase !== 'newspaper') return played;
      return { ...played, cardsPlayed: [...played.cardsPlayed, { playerId, cardId }] };
    }
    case 'PriceMovedByNewspaper':
      return updateMarket(state, event.data.company, (market) => ({ ...market, level: event.data.level }));
    case 'TradingSuspended':
      return state.suspendedNextMonth.includes(event.data.company)
        ? state
        : { ...state, suspendedNextMonth: [...state.suspendedNextMonth, event.data.company] };
    case 'MonthEnded':
      return { ...state, priceHistory: [...state.priceHistory, { month: event.data.month, prices: event.data.closingPrices }] };
    case 'DividendsPaid':
      return event.data.payments.reduce(
        (current, { playerId, amount }) => updatePortfolio(current, playerId, (portfolio) => ({ ...portfolio, cash: portfolio.cash + amount })),
        state,
      );
    case 'SharesLiquidated': {
      const { company, sales } = event.data;
      const sold = sales.reduce(
        (current, { playerId, shares, proceeds }) =>
          updatePortfolio(current, playerId, (portfolio) => ({
            cash: portfolio.cash + proceeds,
            shares: { ...portfolio.shares, [company]: portfolio.shares[company] - shares },
          })),
        state,
      );
      const returned = sales.reduce((sum, sale) => sum + sale.shares, 0);
      return updateMarket(sold, company, (market) => ({ ...market, available: market.available + returned }));
    }
    case 'GameEnded':
      return { ...base(state), phase: 'finished', standings: event.data.standings, winners: event.data.winners };
    default:
      return assertNever(event, 'event');
  }
}

/** The fields every in-play phase shares, without the phase-specific ones. */
function base(state: InPlayState) {
  const { gameId, options, seats, seatOrder, companies, sharesPerCompany, month, portfolios, market, deck, discard } = state;
  const { suspended, suspendedNextMonth, priceHistory, previousMonth } = state;
  return {
    gameId,
    options,
    seats,
    seatOrder,
    companies,
    sharesPerCompany,
    month,
    portfolios,
    market,
    deck,
    discard,
    suspended,
    suspendedNextMonth,
    priceHistory,
    previousMonth,
  };
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

function withYellow(state: InPlayState, company: CompanyId, level: number): InPlayState {
  return state.phase === 'trading' ? { ...state, yellow: { ...state.yellow, [company]: level } } : state;
}

function updatePortfolio(state: InPlayState, playerId: PlayerId, change: (portfolio: Portfolio) => Portfolio): InPlayState {
  const portfolio = state.portfolios[playerId];
  if (!portfolio) return state;
  return { ...state, portfolios: { ...state.portfolios, [playerId]: change(portfolio) } };
}

function updateMarket(state: InPlayState, company: CompanyId, change: (market: CompanyMarket) => CompanyMarket): InPlayState {
  return { ...state, market: { ...state.market, [company]: change(state.market[company]) } };
}

function updateMarkets(state: InPlayState, change: (company: CompanyId, market: CompanyMarket) => CompanyMarket): InPlayState {
  return { ...state, market: recordOfCompanies((company) => change(company, state.market[company])) };
}
