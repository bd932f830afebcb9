import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { components } from './content';
import type { BolsaAction, BolsaState, CompanyId } from './types';

/** What this player may do now; empty when there is nothing (or no such player). */
export function legalActions(state: BolsaState, player: PlayerId): BolsaAction[] {
  switch (state.phase) {
    case 'uncreated':
    case 'setup':
    case 'trading':
    case 'finished':
      return [];
    case 'lobby': {
      const { min, max } = components.players;
      if (state.seats.some((seat) => seat.playerId === player)) return state.seats.length >= min ? [{ type: 'StartGame' }] : [];
      return state.seats.length < max ? [{ type: 'JoinGame' }] : [];
    }
    case 'planning': {
      const portfolio = state.portfolios[player];
      // A player who has planned may still replace the plan until the reveal.
      if (!portfolio || !state.seatOrder.includes(player)) return [];
      const open = state.companies.filter((company) => !state.suspended.includes(company));
      const sellable: Partial<Record<CompanyId, number>> = Object.fromEntries(
        open.flatMap((company) => {
          const held = portfolio.shares[company];
          return held > 0 ? [[company, Math.min(held, components.markersPerPlayer)]] : [];
        }),
      );
      return [{ type: 'SubmitPlan', maxMarkers: components.markersPerPlayer, sellable, buyable: open, deadline: state.deadline }];
    }
    case 'newspaper': {
      const hand = state.hands[player];
      return hand && hand.chosen === null ? [{ type: 'ChooseNewspaperCard', cards: [...hand.drawn] }] : [];
    }
    default:
      return assertNever(state, 'state');
  }
}

/** The players the game is waiting for: those still planning, or the readers still choosing a card. */
export function awaitedPlayers(state: BolsaState): PlayerId[] {
  switch (state.phase) {
    case 'planning':
      return state.seatOrder.filter((playerId) => state.plans[playerId] === undefined);
    case 'newspaper':
      return state.readers.filter((reader) => state.hands[reader]?.chosen === null);
    case 'uncreated':
    case 'lobby':
    case 'setup':
    case 'trading':
    case 'finished':
      return [];
    default:
      return assertNever(state, 'state');
  }
}
