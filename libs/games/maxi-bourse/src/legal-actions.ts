import { assertNever } from '@corbeille/kernel';
import type { PlayerId } from '@corbeille/kernel';
import { cardById } from './flow';
import { maxiBourseContent } from './content';
import {
  bankLots,
  canTakePart,
  companyIds,
  freeLots,
  isInTheRunning,
  lotCost,
  portfolioOf,
  priceOf,
  sharesOf,
  topActivity,
} from './state';
import type { MaxiBourseAction, MaxiBourseState, PlayingState, TableState } from './types';

const { maxLotsPerBid, priceStep } = maxiBourseContent;
/** A premium is named in steps of 10 $, at most this many steps above the floor. */
const PREMIUM_STEPS = 20;

/**
 * What this player may do now, with bounded choices (lots from 0 or 1 up to `maxLots`); empty when
 * the game waits for someone else. Revealing a rumour is open to its holder at any moment of play.
 */
export function legalActions(state: MaxiBourseState, player: PlayerId): MaxiBourseAction[] {
  switch (state.phase) {
    case 'uncreated':
    case 'finished':
      return [];
    case 'lobby': {
      const seated = state.seats.some((seat) => seat.playerId === player);
      if (seated) return state.seats.length >= maxiBourseContent.players.min ? [{ type: 'StartGame' }] : [];
      return state.seats.length < state.options.maxPlayers ? [{ type: 'JoinGame' }] : [];
    }
    case 'drafting': {
      if (draftPicker(state) !== player) return [];
      const portfolio = portfolioOf(state, player);
      const nominals: readonly number[] = maxiBourseContent.variants[state.options.variant].startingNominals;
      const companies = maxiBourseContent.companies
        .filter((company) => nominals.includes(company.nominal))
        .filter((company) => portfolio !== undefined && sharesOf(portfolio.holdings, company.id) === 0 && bankLots(state, company.id) > 0)
        .map((company) => company.id);
      return [{ type: 'PickStartingCompany', companies }];
    }
    case 'playing': {
      if (!isInTheRunning(state, player)) return [];
      return [...decisionActions(state, player), ...rumourActions(state, player)];
    }
    default:
      return assertNever(state, 'state');
  }
}

function decisionActions(state: PlayingState, player: PlayerId): MaxiBourseAction[] {
  const top = topActivity(state);
  if (top) {
    switch (top.kind) {
      case 'bidding': {
        const speaker = top.status === 'open' ? top.speakers[top.bids.length] : undefined;
        if (speaker !== player) return [];
        // III.1-5: the lander's purchase at market price is served at once, so it cannot exceed the bank's stock.
        const atMarket = top.marketPriceFor === player && top.round === 1;
        const maxLots = atMarket ? Math.min(maxLotsPerBid, bankLots(state, top.company)) : maxLotsPerBid;
        return [{ type: 'DeclareBid', company: top.company, price: priceOf(state, top.company), maxLots }];
      }
      case 'auction': {
        const bidder = top.bidders.find((candidate) => candidate.playerId === player);
        const answered = top.answers.some((answer) => answer.playerId === player);
        return bidder && !answered ? [{ type: 'AnswerAuction', company: top.company, price: top.price, lots: bidder.lots }] : [];
      }
      case 'payment':
        return top.payer === player ? [{ type: 'PayForShares', amount: lotCost(top.lots, top.price) }] : [];
      case 'debt':
        return top.debtor === player && top.stage === 'raising' ? offerActions(state, player) : [];
      case 'obligation':
        return top.playerId === player ? offerActions(state, player) : [];
      case 'sale': {
        const responder = top.status === 'offering' ? top.responders[top.answers.length] : undefined;
        return responder === player ? [{ type: 'AnswerSaleOffer', price: top.price, maxLots: top.lots }] : [];
      }
      case 'premiumRequest': {
        if (top.seller === player && top.quote === null) {
          const floor = Math.max(priceOf(state, top.company), top.acceptedPrice ?? 0);
          const quote: MaxiBourseAction = { type: 'QuotePremiumPrice', minPrice: floor + priceStep, maxPrice: floor + priceStep * PREMIUM_STEPS, step: priceStep };
          const finish: MaxiBourseAction =
            top.acceptedPrice === null ? { type: 'DeclineShareRequest' } : { type: 'ClosePremiumSale', price: top.acceptedPrice };
          return [quote, finish];
        }
        return top.buyer === player && top.quote !== null ? [{ type: 'AnswerPremiumPrice', price: top.quote }] : [];
      }
      default:
        return assertNever(top, 'activity');
    }
  }
  const { step, roller } = state.turn;
  switch (step.kind) {
    case 'awaitingRoll': {
      if (roller === player) return [{ type: 'RollDice' }, ...offerActions(state, player)];
      if (!canTakePart(state, player) || step.requestsMade.includes(player)) return [];
      return requestActions(state, roller);
    }
    case 'doublePurchase': {
      if (roller !== player) return [];
      const buys = companyIds()
        .filter((company) => bankLots(state, company) > 0)
        .map((company): MaxiBourseAction => ({
          type: 'BuyOnDouble',
          company,
          price: priceOf(state, company),
          maxLots: Math.min(maxLotsPerBid, bankLots(state, company)),
        }));
      return [...buys, { type: 'SkipDoublePurchase' }];
    }
    case 'shareSpace': {
      if (roller !== player) return [];
      const choices = companyIds()
        .filter((company) => bankLots(state, company) > 0)
        .map((company): MaxiBourseAction => ({ type: 'ChooseShareCompany', company, atMarketPrice: company === step.company }));
      // III.1-7: when the bank has sold out, the lander may ask the holders.
      const asks =
        bankLots(state, step.company) === 0
          ? state.seatOrder
              .filter((holder) => holder !== player && canTakePart(state, holder))
              .flatMap((holder) => requestActions(state, holder).filter((action) => action.type === 'RequestShares' && action.company === step.company))
          : [];
      return [...choices, ...asks, { type: 'PassShareSpace' }];
    }
    case 'landing':
    case 'done':
      return [];
    default:
      return assertNever(step, 'turn step');
  }
}

function offerActions(state: TableState, player: PlayerId): MaxiBourseAction[] {
  return companyIds()
    .filter((company) => freeLots(state, player, company) > 0)
    .map((company) => ({ type: 'OfferShares', company, maxLots: freeLots(state, player, company) }));
}

function requestActions(state: TableState, seller: PlayerId): MaxiBourseAction[] {
  return companyIds()
    .filter((company) => freeLots(state, seller, company) > 0)
    .map((company) => ({ type: 'RequestShares', sellerId: seller, company, maxLots: freeLots(state, seller, company) }));
}

function rumourActions(state: PlayingState, player: PlayerId): MaxiBourseAction[] {
  if (!canTakePart(state, player)) return [];
  const portfolio = portfolioOf(state, player);
  return (portfolio?.rumours ?? []).flatMap((cardId) =>
    cardById(cardId)
      .effects.filter((effect) => effect.kind === 'companyPrice')
      .map((effect) => ({ type: 'RevealRumour' as const, cardId, company: effect.company, delta: effect.delta })),
  );
}

function draftPicker(state: Extract<MaxiBourseState, { phase: 'drafting' }>): PlayerId | undefined {
  return state.seatOrder[state.picks % state.seatOrder.length];
}

/** The players the game is waiting for (revealing a rumour or asking for shares is never awaited). */
export function awaitedPlayers(state: MaxiBourseState): PlayerId[] {
  switch (state.phase) {
    case 'uncreated':
    case 'lobby':
    case 'finished':
      return [];
    case 'drafting': {
      const picker = draftPicker(state);
      return picker === undefined ? [] : [picker];
    }
    case 'playing':
      return state.seatOrder.filter((player) =>
        decisionActions(state, player).some((action) => action.type !== 'RequestShares' || state.turn.step.kind === 'shareSpace'),
      );
    default:
      return assertNever(state, 'state');
  }
}
