import type { RandomSource } from '@corbeille/kernel';
import type { LegalActionView, MaxiBourseMutation } from './maxi-bourse-operations';

export interface BotMove {
  readonly mutation: MaxiBourseMutation;
  /** The input besides the game and the player. */
  readonly input: Readonly<Record<string, unknown>>;
}

/** How much a bot likes each kind of move: rolling beats selling so turns move on; bids lean to the most lots so auctions happen. */
const WEIGHTS: Readonly<Record<string, number>> = {
  ROLL_DICE: 6,
  OFFER_SHARES: 1,
  REVEAL_RUMOUR: 1,
  REQUEST_SHARES: 1,
  PASS_SHARE_SPACE: 1,
};

function pick<T>(items: readonly T[], random: RandomSource): T | undefined {
  return items.length === 0 ? undefined : items[random.int(0, items.length - 1)];
}

/**
 * A bot that only knows what the API told it: it picks a kind of move among the legal actions, then one of
 * them, with amounts inside the bounds the action gives. `sideMovesOnly` keeps to the moves a player may
 * make without being awaited (revealing a rumour, asking the roller for shares).
 */
export function chooseBotMove(actions: readonly LegalActionView[], random: RandomSource, sideMovesOnly = false): BotMove | undefined {
  const usable = sideMovesOnly ? actions.filter((action) => action.type === 'REVEAL_RUMOUR' || action.type === 'REQUEST_SHARES') : actions;
  const types = [...new Set(usable.map((action) => action.type))];
  const weighted = types.flatMap((type) => Array.from({ length: WEIGHTS[type] ?? 3 }, () => type));
  const type = pick(weighted, random);
  const action = pick(
    usable.filter((candidate) => candidate.type === type),
    random,
  );
  return action ? moveFor(action, random) : undefined;
}

function lotsUpTo(max: number | null, min: number, random: RandomSource): number {
  const top = Math.max(min, max ?? min);
  return random.int(min, top);
}

function moveFor(action: LegalActionView, random: RandomSource): BotMove | undefined {
  switch (action.type) {
    case 'PICK_STARTING_COMPANY': {
      const company = pick(action.companies, random);
      return company ? { mutation: 'pickMaxiBourseCompany', input: { company } } : undefined;
    }
    case 'ROLL_DICE':
      return { mutation: 'rollMaxiBourseDice', input: {} };
    case 'OFFER_SHARES':
      return { mutation: 'offerMaxiBourseShares', input: { company: action.company, lots: lotsUpTo(Math.min(2, action.maxLots ?? 1), 1, random) } };
    case 'ANSWER_SALE_OFFER':
      return { mutation: 'answerMaxiBourseSaleOffer', input: { lots: lotsUpTo(Math.min(2, action.maxLots ?? 0), 0, random) } };
    case 'REQUEST_SHARES':
      return { mutation: 'requestMaxiBourseShares', input: { sellerId: action.sellerId, company: action.company, lots: 1 } };
    case 'QUOTE_PREMIUM_PRICE':
      return { mutation: 'quoteMaxiBoursePremium', input: { price: (action.minPrice ?? 10) + (action.step ?? 10) * random.int(0, 3) } };
    case 'DECLINE_SHARE_REQUEST':
      return { mutation: 'declineMaxiBourseShareRequest', input: {} };
    case 'ANSWER_PREMIUM_PRICE':
      return { mutation: 'answerMaxiBoursePremium', input: { accept: random.int(0, 2) > 0 } };
    case 'CLOSE_PREMIUM_SALE':
      return { mutation: 'closeMaxiBoursePremiumSale', input: {} };
    case 'BUY_ON_DOUBLE':
      return { mutation: 'buyMaxiBourseOnDouble', input: { company: action.company, lots: lotsUpTo(action.maxLots, 1, random) } };
    case 'SKIP_DOUBLE_PURCHASE':
      return { mutation: 'skipMaxiBourseDoublePurchase', input: {} };
    case 'CHOOSE_SHARE_COMPANY':
      return { mutation: 'chooseMaxiBourseCompany', input: { company: action.company } };
    case 'PASS_SHARE_SPACE':
      return { mutation: 'passMaxiBourseShareSpace', input: {} };
    case 'DECLARE_BID': {
      const most = action.maxLots ?? 0;
      return { mutation: 'declareMaxiBourseBid', input: { lots: random.int(0, 4) > 1 ? most : random.int(0, most) } };
    }
    case 'ANSWER_AUCTION':
      return { mutation: 'answerMaxiBourseAuction', input: { stay: random.int(0, 1) === 1 } };
    case 'PAY_FOR_SHARES':
      return { mutation: 'payMaxiBourseShares', input: {} };
    case 'REVEAL_RUMOUR':
      return { mutation: 'revealMaxiBourseRumour', input: { cardId: action.cardId } };
    default:
      return undefined;
  }
}
