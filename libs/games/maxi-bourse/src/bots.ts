import { asPlayerId, assertNever } from '@corbeille/kernel';
import type { PlayerId, RandomSource } from '@corbeille/kernel';
import { maxiBourseContent } from './content';
import { decide, evolve, initialState, isTerminal } from './decider';
import { awaitedPlayers, legalActions } from './legal-actions';
import { companySector, portfolioOf, priceOf, sharesOf } from './state';
import type { MaxiBourseAction, MaxiBourseCommand, MaxiBourseEvent, MaxiBourseOptions, MaxiBourseState, TableState } from './types';

/** A player strategy: the command it would give now, or undefined to wait. Built only from legalActions. */
export type MaxiBourseBot = (state: MaxiBourseState, playerId: PlayerId, random: RandomSource) => MaxiBourseCommand | undefined;

const { lotSize, payouts } = maxiBourseContent;

/** Picks any legal action with random amounts; reveals rumours only now and then so turns move on. */
export const randomBot: MaxiBourseBot = (state, playerId, random) => {
  const actions = legalActions(state, playerId);
  const reveals = actions.filter((action) => action.type === 'RevealRumour');
  const others = actions.filter((action) => action.type !== 'RevealRumour');
  const pool = others.length > 0 && (reveals.length === 0 || random.int(0, 9) > 0) ? others : reveals;
  if (pool.length === 0) return undefined;
  const action = pool[random.int(0, pool.length - 1)] as MaxiBourseAction;
  return commandFor(action, playerId, {
    lots: (min, max) => random.int(min, max),
    price: (min, max, step) => min + step * random.int(0, (max - min) / step),
    pick: (items) => items[random.int(0, items.length - 1)],
    yes: () => random.int(0, 1) === 1,
  });
};

/**
 * A simple strategy: build majorities where it already holds most shares, keep a cash reserve,
 * stay in auctions while the price is within 30 % of the nominal value, never sell by choice,
 * answer requests with a refusal, reveal rumours that raise its own companies.
 */
export const heuristicBot: MaxiBourseBot = (state, playerId) => {
  if (state.phase === 'uncreated' || state.phase === 'lobby' || state.phase === 'finished') {
    const actions = legalActions(state, playerId);
    const first = actions[0];
    return first && commandFor(first, playerId, cautious(state, playerId));
  }
  const actions = legalActions(state, playerId);
  const portfolio = portfolioOf(state, playerId);
  if (!portfolio || actions.length === 0) return undefined;
  const reserve = 500_000;
  const cash = portfolio.cash;
  const held = (company: string) => sharesOf(portfolio.holdings, company);
  const affordable = (price: number, lots: number) => cash - price * lotSize * lots >= reserve;
  const preference = (company: string) =>
    held(company) * 10 + portfolioSectorWeight(state, playerId, companySector(company)) - priceOf(state, company) / 100;

  const reveal = actions.find((action) => action.type === 'RevealRumour' && action.delta > 0 && held(action.company) > 0);
  if (reveal) return commandFor(reveal, playerId, cautious(state, playerId));

  const byType = <T extends MaxiBourseAction['type']>(type: T) => actions.filter((action): action is Extract<MaxiBourseAction, { type: T }> => action.type === type);
  const pay = byType('PayForShares')[0];
  if (pay) return { type: 'PayForShares', data: { playerId } };
  const pick = byType('PickStartingCompany')[0];
  if (pick) {
    const best = [...pick.companies].sort((a, b) => preference(b) - preference(a))[0];
    if (best) return { type: 'PickStartingCompany', data: { playerId, company: best } };
  }
  const offers = byType('OfferShares');
  const raising = offers.length > 0 && byType('RollDice').length === 0;
  if (raising) {
    const largest = [...offers].sort((a, b) => b.maxLots * priceOf(state, b.company) - a.maxLots * priceOf(state, a.company))[0];
    if (largest) return { type: 'OfferShares', data: { playerId, company: largest.company, lots: largest.maxLots } };
  }
  if (byType('RollDice').length > 0) return { type: 'RollDice', data: { playerId } };

  const doubles = byType('BuyOnDouble').filter((action) => affordable(action.price, 1));
  const bestDouble = [...doubles].sort((a, b) => preference(b.company) - preference(a.company))[0];
  if (bestDouble) return { type: 'BuyOnDouble', data: { playerId, company: bestDouble.company, lots: 1 } };
  if (byType('SkipDoublePurchase').length > 0) return { type: 'SkipDoublePurchase', data: { playerId } };

  const choices = byType('ChooseShareCompany').filter((action) => affordable(priceOf(state, action.company), 2));
  const landed = choices.find((action) => action.atMarketPrice);
  const bestChoice = landed ?? [...choices].sort((a, b) => preference(b.company) - preference(a.company))[0];
  if (bestChoice) return { type: 'ChooseShareCompany', data: { playerId, company: bestChoice.company } };
  if (byType('PassShareSpace').length > 0) return { type: 'PassShareSpace', data: { playerId } };

  const bid = byType('DeclareBid')[0];
  if (bid) {
    const wanted = held(bid.company) < payouts.majorityShares && affordable(bid.price + 30, 1) && bid.price <= 2 * nominalOf(bid.company);
    return { type: 'DeclareBid', data: { playerId, lots: wanted ? 1 : 0 } };
  }
  const auction = byType('AnswerAuction')[0];
  if (auction) {
    const stay = affordable(auction.price, auction.lots) && auction.price <= nominalOf(auction.company) * 1.3;
    return { type: 'AnswerAuction', data: { playerId, stay } };
  }
  const offer = byType('AnswerSaleOffer')[0];
  if (offer) {
    const company = topSaleCompany(state);
    const bargain = company !== undefined && offer.price < nominalOf(company) && affordable(offer.price, 1);
    return { type: 'AnswerSaleOffer', data: { playerId, lots: bargain ? 1 : 0 } };
  }
  if (byType('DeclineShareRequest').length > 0) return { type: 'DeclineShareRequest', data: { playerId } };
  if (byType('ClosePremiumSale').length > 0) return { type: 'ClosePremiumSale', data: { playerId } };
  if (byType('AnswerPremiumPrice').length > 0) return { type: 'AnswerPremiumPrice', data: { playerId, accept: false } };
  const forced = offers[0];
  return forced ? { type: 'OfferShares', data: { playerId, company: forced.company, lots: forced.maxLots } } : undefined;
};

function nominalOf(company: string): number {
  return maxiBourseContent.companies.find((definition) => definition.id === company)?.nominal ?? 100;
}

function portfolioSectorWeight(state: TableState, playerId: PlayerId, sector: string): number {
  const portfolio = portfolioOf(state, playerId);
  if (!portfolio) return 0;
  return maxiBourseContent.companies.filter((company) => company.sector === sector && sharesOf(portfolio.holdings, company.id) > 0).length;
}

function topSaleCompany(state: MaxiBourseState): string | undefined {
  if (state.phase !== 'playing') return undefined;
  const top = state.turn.stack[state.turn.stack.length - 1];
  return top?.kind === 'sale' ? top.company : undefined;
}

interface Choices {
  readonly lots: (min: number, max: number) => number;
  readonly price: (min: number, max: number, step: number) => number;
  readonly pick: <T>(items: readonly T[]) => T | undefined;
  readonly yes: () => boolean;
}

function cautious(_state: MaxiBourseState, _playerId: PlayerId): Choices {
  return { lots: (min) => min, price: (min) => min, pick: (items) => items[0], yes: () => false };
}

/** Turns an action into a command, using `choose` for the amounts the action leaves open. */
function commandFor(action: MaxiBourseAction, playerId: PlayerId, choose: Choices): MaxiBourseCommand | undefined {
  switch (action.type) {
    case 'JoinGame':
      return { type: 'JoinGame', data: { playerId, name: playerId.slice(0, 40) } };
    case 'StartGame':
      return { type: 'StartGame', data: {} };
    case 'PickStartingCompany': {
      const company = choose.pick(action.companies);
      return company === undefined ? undefined : { type: 'PickStartingCompany', data: { playerId, company } };
    }
    case 'RollDice':
      return { type: 'RollDice', data: { playerId } };
    case 'OfferShares':
      return { type: 'OfferShares', data: { playerId, company: action.company, lots: choose.lots(1, action.maxLots) } };
    case 'AnswerSaleOffer':
      return { type: 'AnswerSaleOffer', data: { playerId, lots: choose.lots(0, action.maxLots) } };
    case 'RequestShares':
      return { type: 'RequestShares', data: { playerId, sellerId: action.sellerId, company: action.company, lots: choose.lots(1, action.maxLots) } };
    case 'QuotePremiumPrice':
      return { type: 'QuotePremiumPrice', data: { playerId, price: choose.price(action.minPrice, action.maxPrice, action.step) } };
    case 'DeclineShareRequest':
      return { type: 'DeclineShareRequest', data: { playerId } };
    case 'AnswerPremiumPrice':
      return { type: 'AnswerPremiumPrice', data: { playerId, accept: choose.yes() } };
    case 'ClosePremiumSale':
      return { type: 'ClosePremiumSale', data: { playerId } };
    case 'BuyOnDouble':
      return { type: 'BuyOnDouble', data: { playerId, company: action.company, lots: choose.lots(1, action.maxLots) } };
    case 'SkipDoublePurchase':
      return { type: 'SkipDoublePurchase', data: { playerId } };
    case 'ChooseShareCompany':
      return { type: 'ChooseShareCompany', data: { playerId, company: action.company } };
    case 'PassShareSpace':
      return { type: 'PassShareSpace', data: { playerId } };
    case 'DeclareBid':
      return { type: 'DeclareBid', data: { playerId, lots: choose.lots(0, action.maxLots) } };
    case 'AnswerAuction':
      return { type: 'AnswerAuction', data: { playerId, stay: choose.yes() } };
    case 'PayForShares':
      return { type: 'PayForShares', data: { playerId } };
    case 'RevealRumour':
      return { type: 'RevealRumour', data: { playerId, cardId: action.cardId } };
    default:
      return assertNever(action, 'action');
  }
}

export interface WholeGameStep {
  readonly command: MaxiBourseCommand;
  readonly events: readonly MaxiBourseEvent[];
  readonly state: MaxiBourseState;
}

export interface WholeGameSetup {
  readonly gameId?: string;
  readonly players: readonly { readonly playerId: string; readonly name: string }[];
  readonly options?: Partial<MaxiBourseOptions>;
  /** Dice, shuffles and the bots' choices. */
  readonly random: RandomSource;
  readonly botFor: (playerId: PlayerId) => MaxiBourseBot;
  /** After this many commands the banker closes the session (default 50,000). */
  readonly maxCommands?: number;
  readonly onStep?: (step: WholeGameStep) => void;
}

/**
 * Creates a game, seats the players, starts it and lets the bots play to the end. The players the
 * game waits for are asked first. It always ends: when no bot acts or after `maxCommands`
 * commands, the banker closes the session.
 */
export function playWholeGame(setup: WholeGameSetup): { events: MaxiBourseEvent[]; state: MaxiBourseState } {
  const maxCommands = setup.maxCommands ?? 50_000;
  const bots = new Map(setup.players.map(({ playerId }) => [playerId, setup.botFor(asPlayerId(playerId))]));
  const context = { random: setup.random, now: '2026-01-01T00:00:00.000Z' };
  const events: MaxiBourseEvent[] = [];
  let state = initialState();
  const play = (command: MaxiBourseCommand) => {
    const produced = decide(state, command, context);
    state = produced.reduce(evolve, state);
    events.push(...produced);
    setup.onStep?.({ command, events: produced, state });
  };

  play({ type: 'CreateGame', data: { gameId: setup.gameId ?? 'demo-game', options: setup.options ?? {} } });
  setup.players.forEach((player) => play({ type: 'JoinGame', data: player }));
  play({ type: 'StartGame', data: {} });
  for (let commands = 0; !isTerminal(state); commands += 1) {
    const next = commands < maxCommands ? nextBotCommand(state, bots, setup.random) : undefined;
    play(next ?? { type: 'CloseSession', data: {} });
  }
  return { events, state };
}

function nextBotCommand(state: MaxiBourseState, bots: ReadonlyMap<string, MaxiBourseBot>, random: RandomSource): MaxiBourseCommand | undefined {
  const awaited = awaitedPlayers(state);
  const seated = state.phase === 'uncreated' ? [] : state.seats.map((seat) => seat.playerId);
  for (const playerId of [...awaited, ...seated.filter((id) => !awaited.includes(id))]) {
    const command = bots.get(playerId)?.(state, playerId, random);
    if (command) return command;
  }
  return undefined;
}
