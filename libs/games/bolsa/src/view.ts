import type { PlayerId, Viewer } from '@corbeille/kernel';
import { assertNever } from '@corbeille/kernel';
import { companyDefinition, priceAt } from './market';
import type { InPlayState } from './state';
import type { BolsaState, BolsaView, NewspaperHand, Plan, TableView } from './types';

/**
 * What a viewer may see. Secret: a plan until the reveal (Step 4), the shares behind another
 * player's screen, the cards a reader drew and put back (Step 9), the order of the newspaper deck.
 * The lottery pile has no order to hide: each draw is decided when it is made.
 */
export function view(state: BolsaState, viewer: Viewer): BolsaView {
  switch (state.phase) {
    case 'uncreated':
      return { phase: state.phase, gameId: null, options: null, seats: [], table: null };
    case 'lobby':
      return { phase: state.phase, gameId: state.gameId, options: state.options, seats: state.seats, table: null };
    case 'setup':
    case 'planning':
    case 'trading':
    case 'newspaper':
    case 'finished':
      return { phase: state.phase, gameId: state.gameId, options: state.options, seats: state.seats, table: tableView(state, viewer) };
    default:
      return assertNever(state, 'state');
  }
}

function tableView(state: InPlayState, viewer: Viewer): TableView {
  const me = viewer.kind === 'player' && state.seatOrder.includes(viewer.playerId) ? viewer.playerId : null;
  const ownSecretsHidden = viewer.kind === 'player' && viewer.asSeenByReferee === true;
  const seesScreens = (playerId: PlayerId) => state.phase === 'finished' || viewer.kind === 'referee' || playerId === me;
  const yellow = state.phase === 'trading' ? state.yellow : {};
  return {
    month: state.month,
    deadline: state.phase === 'planning' ? state.deadline : null,
    seatOrder: state.seatOrder,
    companies: state.companies.map((company) => {
      const { name, colour, risk } = companyDefinition(company);
      const { level, available, trend } = state.market[company];
      const yellowLevel = yellow[company];
      return {
        id: company,
        name,
        colour,
        risk,
        price: priceAt(company, level),
        level,
        available,
        trend,
        yellowPrice: yellowLevel === undefined ? null : priceAt(company, yellowLevel),
        suspended: state.suspended.includes(company),
        suspendedNextMonth: state.suspendedNextMonth.includes(company),
      };
    }),
    players: state.seatOrder.map((playerId) => {
      const portfolio = state.portfolios[playerId];
      return {
        playerId,
        name: state.seats.find((seat) => seat.playerId === playerId)?.name ?? playerId,
        cash: portfolio?.cash ?? 0,
        shares: portfolio && seesScreens(playerId) ? portfolio.shares : null,
        hasSubmittedPlan: state.phase === 'planning' && state.plans[playerId] !== undefined,
      };
    }),
    // A referee's "view as" shows the player's screen but not what only the player may know: their plan
    // before the reveal (Step 4) and their newspaper hand (Step 9).
    myPlan: me === null || (ownSecretsHidden && state.phase === 'planning') ? null : ownPlan(state, me),
    revealedPlans: state.phase === 'trading' || state.phase === 'newspaper' ? state.plans : null,
    excluded: state.phase === 'trading' || state.phase === 'newspaper' ? state.excluded : [],
    previousMonth: state.previousMonth,
    newspaper: {
      deckSize: state.deck.length,
      discardSize: state.discard.length,
      readers: state.phase === 'newspaper' ? state.readers : [],
      myHand: me === null || ownSecretsHidden ? null : ownHand(state, me),
      readersWhoChose: state.phase === 'newspaper' ? state.readers.filter((reader) => state.hands[reader]?.chosen != null) : [],
      cardsPlayed: state.phase === 'newspaper' ? state.cardsPlayed : [],
    },
    priceHistory: state.priceHistory,
    standings: state.phase === 'finished' ? state.standings : null,
    winners: state.phase === 'finished' ? state.winners : null,
  };
}

function ownPlan(state: InPlayState, me: PlayerId): Plan | null {
  switch (state.phase) {
    case 'planning':
    case 'trading':
    case 'newspaper':
      return state.plans[me] ?? null;
    case 'setup':
    case 'finished':
      return null;
    default:
      return assertNever(state, 'state');
  }
}

function ownHand(state: InPlayState, me: PlayerId): NewspaperHand | null {
  return state.phase === 'newspaper' ? (state.hands[me] ?? null) : null;
}
