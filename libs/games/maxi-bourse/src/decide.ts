import { asPlayerId, assertNever, InvalidInput, isValidId, NotFound, RuleViolation, shuffle } from '@corbeille/kernel';
import type { DecisionContext, PlayerId } from '@corbeille/kernel';
import { maxiBourseContent, startingCash } from './content';
import { cardById, gameEnded, saleAnswer, settle } from './flow';
import { formatCount, formatDollars } from './money';
import { resolveOptions } from './options';
import { payoutsFor } from './payouts';
import {
  bankLots,
  canTakePart,
  companyName,
  freeLots,
  isCompany,
  isInTheRunning,
  lotCost,
  opponentsOf,
  playerName,
  portfolioOf,
  priceOf,
  seatsFrom,
  sharesOf,
  topActivity,
  trackSpaces,
} from './state';
import type { Activity, CompanyId, MaxiBourseCommand, MaxiBourseEvent, MaxiBourseState, PlayerPortfolio, PlayingState, TableState } from './types';

type CommandData<Type extends MaxiBourseCommand['type']> = Extract<MaxiBourseCommand, { type: Type }>['data'];
type ActivityOf<Kind extends Activity['kind']> = Extract<Activity, { kind: Kind }>;

const NAME_MAX_LENGTH = 40;
const { lotSize, maxLotsPerBid, priceStep } = maxiBourseContent;
const maxLotsPerCompany = maxiBourseContent.sharesPerCompany / lotSize;

/** Where engine versions differ: each pinned version keeps deciding its games as they were played. */
export interface MaxiBourseRules {
  /**
   * III.8: the careless player pays the full 100,000 $ fine, the part their cash does not cover once
   * they have sold shares (engine 2); engine 1 capped the fine at the cash on hand.
   */
  readonly carelessFineInFull: boolean;
}

export const CURRENT_RULES: MaxiBourseRules = { carelessFineInFull: true };

/** The decide function of an engine version's rules. */
export function decideUnder(rules: MaxiBourseRules): (state: MaxiBourseState, command: MaxiBourseCommand, context: DecisionContext) => MaxiBourseEvent[] {
  return (state, command, context) => settle(state, eventsFor(state, command, context, rules), context);
}

/** Validates a command against the rules and returns the events it causes, or throws a DomainError. */
export const decide = decideUnder(CURRENT_RULES);

function eventsFor(state: MaxiBourseState, command: MaxiBourseCommand, context: DecisionContext, rules: MaxiBourseRules): MaxiBourseEvent[] {
  switch (command.type) {
    case 'CreateGame':
      return createGame(state, command.data);
    case 'JoinGame':
      return joinGame(state, command.data);
    case 'StartGame':
      return startGame(state, context);
    case 'PickStartingCompany':
      return pickStartingCompany(state, command.data);
    case 'RollDice':
      return rollDice(state, command.data, context);
    case 'OfferShares':
      return offerShares(state, command.data);
    case 'AnswerSaleOffer':
      return answerSaleOffer(state, command.data);
    case 'RequestShares':
      return requestShares(state, command.data);
    case 'QuotePremiumPrice':
      return quotePremiumPrice(state, command.data);
    case 'DeclineShareRequest':
      return declineShareRequest(state, command.data);
    case 'AnswerPremiumPrice':
      return answerPremiumPrice(state, command.data);
    case 'ClosePremiumSale':
      return closePremiumSale(state, command.data);
    case 'BuyOnDouble':
      return buyOnDouble(state, command.data);
    case 'SkipDoublePurchase':
      return skipDoublePurchase(state, command.data);
    case 'ChooseShareCompany':
      return chooseShareCompany(state, command.data);
    case 'PassShareSpace':
      return passShareSpace(state, command.data);
    case 'DeclareBid':
      return declareBid(state, command.data);
    case 'AnswerAuction':
      return answerAuction(state, command.data);
    case 'PayForShares':
      return payForShares(state, command.data, rules);
    case 'RevealRumour':
      return revealRumour(state, command.data);
    case 'CloseSession':
      return closeSession(state);
    default:
      return assertNever(command, 'command');
  }
}

// ---- Opening the session (I) --------------------------------------------------------------------

function createGame(state: MaxiBourseState, data: CommandData<'CreateGame'>): MaxiBourseEvent[] {
  if (state.phase !== 'uncreated') throw new RuleViolation('GAME_EXISTS', 'This game has already been created');
  if (typeof data.gameId !== 'string' || !isValidId(data.gameId)) {
    throw new InvalidInput('INVALID_GAME_ID', 'A game id is a UUID or a short name of letters, digits, "-" and "_"');
  }
  return [{ type: 'GameCreated', data: { gameId: data.gameId, options: resolveOptions(data.options) } }];
}

function joinGame(state: MaxiBourseState, data: CommandData<'JoinGame'>): MaxiBourseEvent[] {
  const lobby = requireLobby(state);
  if (typeof data.playerId !== 'string' || !isValidId(data.playerId)) {
    throw new InvalidInput('INVALID_PLAYER_ID', 'A player id is a UUID or a short name of letters, digits, "-" and "_"');
  }
  const name = typeof data.name === 'string' ? data.name.trim() : '';
  if (name.length === 0 || name.length > NAME_MAX_LENGTH) {
    throw new InvalidInput('INVALID_NAME', `A player's name has 1 to ${NAME_MAX_LENGTH} characters`);
  }
  const playerId = asPlayerId(data.playerId);
  if (lobby.seats.some((seat) => seat.playerId === playerId)) throw new RuleViolation('ALREADY_JOINED', `${name} is already seated at this game`);
  if (lobby.seats.length >= lobby.options.maxPlayers) {
    throw new RuleViolation('GAME_FULL', `This game is full: at most ${lobby.options.maxPlayers} players`);
  }
  return [{ type: 'PlayerJoined', data: { playerId, name, seat: lobby.seats.length } }];
}

/** I: cash and prices are set, the four card piles and the Stock Exchange cards are shuffled. */
function startGame(state: MaxiBourseState, context: DecisionContext): MaxiBourseEvent[] {
  const lobby = requireLobby(state);
  const { min } = maxiBourseContent.players;
  if (lobby.seats.length < min) throw new RuleViolation('NOT_ENOUGH_PLAYERS', `Maxi Bourse needs at least ${min} players`);
  const variant = maxiBourseContent.variants[lobby.options.variant];
  const prices = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, company.nominal]));
  const bank = Object.fromEntries(maxiBourseContent.companies.map((company) => [company.id, maxiBourseContent.sharesPerCompany]));
  const started: MaxiBourseEvent = {
    type: 'GameStarted',
    data: {
      seatOrder: lobby.seats.map((seat) => seat.playerId),
      cash: Object.fromEntries(lobby.seats.map((seat) => [seat.playerId, startingCash(variant)])),
      prices,
      bank,
      trackLength: trackSpaces(lobby.options).length,
    },
  };
  const shuffled = maxiBourseContent.cardSeries.map((series): MaxiBourseEvent => {
    const ids = maxiBourseContent.cards.filter((card) => card.series === series).map((card) => card.id);
    return { type: 'DeckShuffled', data: { series, order: shuffle(ids, context.random) } };
  });
  return [started, ...shuffled];
}

/** I: each player chooses a starting portfolio of different companies among the eligible nominal values. */
function pickStartingCompany(state: MaxiBourseState, data: CommandData<'PickStartingCompany'>): MaxiBourseEvent[] {
  if (state.phase !== 'drafting') throw notInPhase(state, 'The starting portfolios are chosen before the first roll (I)');
  const { playerId, portfolio } = requirePlayer(state, data.playerId);
  const picker = state.seatOrder[state.picks % state.seatOrder.length] as PlayerId;
  if (picker !== playerId) throw new RuleViolation('NOT_YOUR_PICK', `It is ${playerName(state, picker)}'s turn to choose a starting company (I)`);
  const company = requireCompany(data.company);
  const variant = maxiBourseContent.variants[state.options.variant];
  const definition = maxiBourseContent.companies.find((candidate) => candidate.id === company);
  if (!definition || !variant.startingNominals.includes(definition.nominal)) {
    throw new RuleViolation('COMPANY_NOT_ELIGIBLE', `The starting portfolio is chosen among the ${variant.startingNominals.join(', ')} $ shares (I)`);
  }
  if (sharesOf(portfolio.holdings, company) > 0) {
    throw new RuleViolation('COMPANY_ALREADY_PICKED', `The starting portfolio has ${variant.startingCompanies} different companies: you already hold ${companyName(company)} (I)`);
  }
  if (bankLots(state, company) === 0) throw bankSoldOut(company);
  const events: MaxiBourseEvent[] = [{ type: 'StartingCompanyPicked', data: { playerId, company, shares: lotSize } }];
  if (state.picks + 1 >= state.seatOrder.length * variant.startingCompanies) {
    events.push({ type: 'DraftClosed', data: {} }, { type: 'TurnStarted', data: { playerId: state.seatOrder[0] as PlayerId, tableTurn: 1 } });
  }
  return events;
}

// ---- Rolling and moving (II, III.7) -------------------------------------------------------------

function rollDice(state: MaxiBourseState, data: CommandData<'RollDice'>, context: DecisionContext): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId, portfolio } = requirePlayer(playing, data.playerId);
  requireNothingPending(playing);
  requireStep(playing, 'awaitingRoll', 'The dice have already been rolled this turn');
  requireRoller(playing, playerId, 'roll the dice');
  const dice: [number, number] = [context.random.int(1, 6), context.random.int(1, 6)];
  const double = dice[0] === dice[1];
  const raw = portfolio.position + dice[0] + dice[1];
  const circuitCompleted = raw >= playing.trackLength;
  const to = circuitCompleted ? raw - playing.trackLength : raw;
  const events: MaxiBourseEvent[] = [
    { type: 'DiceRolled', data: { playerId, dice, double } },
    { type: 'PawnMoved', data: { playerId, from: portfolio.position, to, circuitCompleted } },
  ];
  if (circuitCompleted) {
    // IV: a complete round of the variant's track brings dividends, fees and profit allocations.
    events.push({ type: 'CircuitCompleted', data: { playerId, circuits: portfolio.circuits + 1 } });
    events.push(...payoutsFor(playerId, portfolio, playing.prices));
  }
  if (double) events.push({ type: 'DoublePurchaseOpened', data: { playerId } });
  return events;
}

function buyOnDouble(state: MaxiBourseState, data: CommandData<'BuyOnDouble'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  requireNothingPending(playing);
  requireStep(playing, 'doublePurchase', 'Only a double lets the roller buy at market price outside a share space (III.7)');
  requireRoller(playing, playerId, 'buy on a double');
  const company = requireCompany(data.company);
  const lots = requireLots(data.lots, 1, maxLotsPerBid);
  requireBankLots(playing, company, lots);
  const price = priceOf(playing, company);
  return [
    { type: 'MarketPurchaseDeclared', data: { playerId, company, lots, price } },
    { type: 'PaymentRequested', data: { payer: playerId, creditor: 'bank', company, lots, price } },
  ];
}

function skipDoublePurchase(state: MaxiBourseState, data: CommandData<'SkipDoublePurchase'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  requireNothingPending(playing);
  requireStep(playing, 'doublePurchase', 'There is no purchase on a double to skip');
  requireRoller(playing, playerId, 'skip the purchase on a double');
  return [{ type: 'DoublePurchaseSkipped', data: { playerId } }];
}

// ---- Share spaces (III.1) -----------------------------------------------------------------------

function chooseShareCompany(state: MaxiBourseState, data: CommandData<'ChooseShareCompany'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  requireNothingPending(playing);
  const step = requireStep(playing, 'shareSpace', 'The company is chosen by the player who stops on a share space (III.1-4)');
  requireRoller(playing, playerId, 'choose the company');
  const company = requireCompany(data.company);
  if (bankLots(playing, company) === 0) throw bankSoldOut(company);
  // III.1-5: the lander buys at market price only on the company of the space.
  const atMarketPrice = company === step.company;
  const speakers = seatsFrom(playing, playerId).filter((id) => canTakePart(playing, id));
  return [
    { type: 'ShareCompanyChosen', data: { playerId, company, atMarketPrice } },
    {
      type: 'BiddingRoundOpened',
      data: { company, round: 1, speakers, bankShares: bankLots(playing, company) * lotSize, marketPriceFor: atMarketPrice ? playerId : null },
    },
  ];
}

function passShareSpace(state: MaxiBourseState, data: CommandData<'PassShareSpace'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  requireNothingPending(playing);
  requireStep(playing, 'shareSpace', 'There is no share space to pass');
  requireRoller(playing, playerId, 'pass on the share space');
  return [{ type: 'ShareSpacePassed', data: { playerId, reason: 'choice' } }];
}

function declareBid(state: MaxiBourseState, data: CommandData<'DeclareBid'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  const bidding = requireTop(playing, 'bidding', 'No round of bidding is open');
  const speaker = bidding.status === 'open' ? bidding.speakers[bidding.bids.length] : undefined;
  if (speaker !== playerId) {
    const whose = speaker === undefined ? 'nobody' : playerName(playing, speaker);
    throw new RuleViolation('NOT_YOUR_BID', `It is ${whose}'s turn to speak in this round of bidding (III.1-3)`, { speaker });
  }
  const lots = requireLots(data.lots, 0, maxLotsPerBid);
  const { company } = bidding;
  const price = priceOf(playing, company);
  if (bidding.marketPriceFor === playerId && bidding.round === 1) {
    if (lots > 0) requireBankLots(playing, company, lots);
    const declared: MaxiBourseEvent = { type: 'BidDeclared', data: { playerId, company, lots, basis: 'market', priceBefore: price, priceAfter: price } };
    // III.1-5 example 1: the lander pays the Share Service immediately.
    return lots === 0 ? [declared] : [declared, { type: 'PaymentRequested', data: { payer: playerId, creditor: 'bank', company, lots, price } }];
  }
  // III.1-5: at best, each lot requested adds 10 $ to the quotation.
  return [{ type: 'BidDeclared', data: { playerId, company, lots, basis: 'atBest', priceBefore: price, priceAfter: price + priceStep * lots } }];
}

function answerAuction(state: MaxiBourseState, data: CommandData<'AnswerAuction'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  const auction = requireTop(playing, 'auction', 'No auction is running');
  if (!auction.bidders.some((bidder) => bidder.playerId === playerId)) {
    throw new RuleViolation('NOT_A_BIDDER', 'Only the players still bidding answer the banker in this auction (III.1-6)');
  }
  if (auction.answers.some((answer) => answer.playerId === playerId)) {
    throw new RuleViolation('ALREADY_ANSWERED', `You have already answered at ${formatDollars(auction.price)}`);
  }
  if (typeof data.stay !== 'boolean') throw new InvalidInput('INVALID_ANSWER', 'Say whether you stay in the auction or withdraw');
  return [{ type: 'AuctionAnswered', data: { playerId, price: auction.price, stay: data.stay } }];
}

function payForShares(state: MaxiBourseState, data: CommandData<'PayForShares'>, rules: MaxiBourseRules): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId, portfolio } = requirePlayer(playing, data.playerId);
  const payment = requireTop(playing, 'payment', 'No payment is due now');
  if (payment.payer !== playerId) {
    throw new RuleViolation('NOT_YOUR_PAYMENT', `${playerName(playing, payment.payer)} is the one paying now`, { payer: payment.payer });
  }
  const { creditor, company, lots, price } = payment;
  const amount = lotCost(lots, price);
  if (portfolio.cash >= amount) return [{ type: 'SharesPaid', data: { payer: playerId, creditor, company, lots, price, amount } }];
  // III.8: the careless player is fined, misses a turn and must sell shares to pay. The fine is the full
  // 100,000 $ ("IF YOU CANNOT PAY ... you sell shares and pay a 100,000 $ fine"): what the cash does not
  // cover now is owed, and paid with the debt once shares are sold.
  const fine = Math.min(maxiBourseContent.carelessFine, portfolio.cash);
  const fineOwed = rules.carelessFineInFull ? maxiBourseContent.carelessFine - fine : 0;
  return [
    { type: 'PaymentDefaulted', data: { payer: playerId, amount, cash: portfolio.cash } },
    {
      type: 'CarelessPlayerFined',
      data: fineOwed > 0 ? { playerId, fine, fineOwed, turnsToMiss: portfolio.missedTurns + 1 } : { playerId, fine, turnsToMiss: portfolio.missedTurns + 1 },
    },
  ];
}

// ---- Selling (III.2) ----------------------------------------------------------------------------

function offerShares(state: MaxiBourseState, data: CommandData<'OfferShares'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  const top = topActivity(playing);
  const raising =
    (top?.kind === 'debt' && top.debtor === playerId && top.stage === 'raising') || (top?.kind === 'obligation' && top.playerId === playerId);
  if (!raising) {
    requireNothingPending(playing);
    requireStep(playing, 'awaitingRoll', 'Shares are sold before rolling the dice (III.2)');
    if (playing.turn.roller !== playerId) throw new RuleViolation('ONLY_ROLLER_SELLS', 'Only the player about to roll may sell (III.2, Selling)');
  }
  const company = requireCompany(data.company);
  const lots = requireLots(data.lots, 1, maxLotsPerCompany);
  // Shares already promised to a buyer cannot be sold a second time.
  const free = freeLots(playing, playerId, company);
  if (lots > free) throw notEnoughShares(company, free);
  return [
    {
      type: 'SaleOpened',
      data: {
        seller: playerId,
        company,
        lots,
        mode: raising ? 'forced' : 'voluntary',
        price: priceOf(playing, company),
        responders: opponentsOf(playing, playerId),
      },
    },
  ];
}

function answerSaleOffer(state: MaxiBourseState, data: CommandData<'AnswerSaleOffer'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  const sale = requireTop(playing, 'sale', 'No shares are offered for sale now');
  const responder = sale.status === 'offering' ? sale.responders[sale.answers.length] : undefined;
  if (responder !== playerId) {
    const whose = responder === undefined ? 'nobody' : playerName(playing, responder);
    throw new RuleViolation('NOT_YOUR_ANSWER', `It is ${whose}'s turn to answer the offer (III.2)`, { responder });
  }
  const lots = requireLots(data.lots, 0, sale.lots);
  return saleAnswer(sale, playerId, lots);
}

/** III.2: asked for shares, the roller may name a price above market; III.1-7: the lander may ask the holders. */
function requestShares(state: MaxiBourseState, data: CommandData<'RequestShares'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  const seller = requirePlayer(playing, data.sellerId);
  requireCanTakePart(playing, playerId);
  requireNothingPending(playing);
  if (seller.playerId === playerId) throw new RuleViolation('OWN_SHARES', 'You cannot ask yourself for shares');
  const company = requireCompany(data.company);
  const { step, roller } = playing.turn;
  switch (step.kind) {
    case 'awaitingRoll':
      if (seller.playerId !== roller) throw new RuleViolation('ONLY_ROLLER_SELLS', 'Only the player about to roll may sell (III.2, Selling)');
      if (step.requestsMade.includes(playerId)) throw new RuleViolation('REQUEST_ALREADY_MADE', 'You have already asked for shares before this roll');
      break;
    case 'shareSpace':
      if (roller !== playerId) throw new RuleViolation('NOT_YOUR_TURN', `Only ${playerName(playing, roller)} may ask the holders (III.1-7)`);
      if (company !== step.company) throw new RuleViolation('NOT_THIS_COMPANY', `On this space you may ask the holders of ${companyName(step.company)} only (III.1-7)`);
      if (bankLots(playing, company) > 0) {
        throw new RuleViolation('COMPANY_STILL_AVAILABLE', `The Share Service still has ${companyName(company)} shares: buy them from the bank (III.1-7)`);
      }
      requireCanTakePart(playing, seller.playerId);
      break;
    case 'doublePurchase':
    case 'landing':
    case 'done':
      throw new RuleViolation('NOT_NOW', 'Shares are asked for before the roll, or on a share space the bank has sold out (III.2, III.1-7)');
    default:
      return assertNever(step, 'turn step');
  }
  const lots = requireLots(data.lots, 1, maxLotsPerCompany);
  const free = freeLots(playing, seller.playerId, company);
  if (lots > free) throw notEnoughShares(company, free, playerName(playing, seller.playerId));
  return [{ type: 'ShareRequestMade', data: { buyer: playerId, seller: seller.playerId, company, lots } }];
}

function quotePremiumPrice(state: MaxiBourseState, data: CommandData<'QuotePremiumPrice'>): MaxiBourseEvent[] {
  const { playing, request } = requireRequestSeller(state, data.playerId);
  const floor = Math.max(priceOf(playing, request.company), request.acceptedPrice ?? 0);
  const price = data.price;
  if (typeof price !== 'number' || !Number.isSafeInteger(price) || price % priceStep !== 0) {
    throw new InvalidInput('INVALID_PRICE', `A price is a whole number of dollars in steps of ${priceStep} $`);
  }
  if (price <= floor) {
    throw new RuleViolation('PRICE_TOO_LOW', `The price asked must be above ${formatDollars(floor)}, the stock market value or the last price accepted (III.2)`);
  }
  return [{ type: 'PremiumPriceQuoted', data: { seller: request.seller, price } }];
}

function declineShareRequest(state: MaxiBourseState, data: CommandData<'DeclineShareRequest'>): MaxiBourseEvent[] {
  const { request } = requireRequestSeller(state, data.playerId);
  if (request.acceptedPrice !== null) {
    throw new RuleViolation('PRICE_ALREADY_ACCEPTED', `The buyer has accepted ${formatDollars(request.acceptedPrice)}: close the sale at that price (III.2)`);
  }
  return [{ type: 'ShareRequestDeclined', data: { seller: request.seller } }];
}

function closePremiumSale(state: MaxiBourseState, data: CommandData<'ClosePremiumSale'>): MaxiBourseEvent[] {
  const { request } = requireRequestSeller(state, data.playerId);
  if (request.acceptedPrice === null) throw new RuleViolation('NO_ACCEPTED_PRICE', 'The buyer has not accepted a price yet (III.2)');
  return agreedSale(request, request.acceptedPrice);
}

function answerPremiumPrice(state: MaxiBourseState, data: CommandData<'AnswerPremiumPrice'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, data.playerId);
  const request = requireTop(playing, 'premiumRequest', 'No share request is under way');
  if (request.buyer !== playerId || request.quote === null) {
    throw new RuleViolation('NOT_AWAITED', 'Only the buyer answers a price the seller has named (III.2)');
  }
  if (typeof data.accept !== 'boolean') throw new InvalidInput('INVALID_ANSWER', 'Say whether you accept the price');
  const answered: MaxiBourseEvent = { type: 'PremiumPriceAnswered', data: { buyer: playerId, price: request.quote, accept: data.accept } };
  if (data.accept) return [answered];
  // III.2: the shares go at the last price this buyer accepted.
  if (request.acceptedPrice !== null) return [answered, ...agreedSale(request, request.acceptedPrice)];
  return [answered, { type: 'ShareRequestLapsed', data: { buyer: request.buyer, seller: request.seller } }];
}

function agreedSale(request: ActivityOf<'premiumRequest'>, price: number): MaxiBourseEvent[] {
  const { buyer, seller, company, lots } = request;
  return [
    { type: 'PremiumSaleAgreed', data: { buyer, seller, company, lots, price } },
    { type: 'PaymentRequested', data: { payer: buyer, creditor: seller, company, lots, price } },
  ];
}

function requireRequestSeller(state: MaxiBourseState, rawPlayerId: string) {
  const playing = requirePlaying(state);
  const { playerId } = requirePlayer(playing, rawPlayerId);
  const request = requireTop(playing, 'premiumRequest', 'No share request is under way');
  if (request.seller !== playerId || request.quote !== null) {
    throw new RuleViolation('NOT_AWAITED', `${playerName(playing, request.seller)} answers this request; a named price waits for the buyer (III.2)`);
  }
  return { playing, request };
}

// ---- Rumours (III.5) ----------------------------------------------------------------------------

function revealRumour(state: MaxiBourseState, data: CommandData<'RevealRumour'>): MaxiBourseEvent[] {
  const playing = requirePlaying(state);
  const { playerId, portfolio } = requirePlayer(playing, data.playerId);
  if (!portfolio.rumours.includes(data.cardId)) throw new RuleViolation('UNKNOWN_RUMOUR', 'You do not hold this Rumours card (III.5)');
  requireCanTakePart(playing, playerId);
  const card = cardById(data.cardId);
  return card.effects.flatMap((effect): MaxiBourseEvent[] => {
    switch (effect.kind) {
      case 'companyPrice':
        return [{ type: 'RumourRevealed', data: { playerId, cardId: card.id, company: effect.company, delta: effect.delta } }];
      case 'sectorPrice':
        return maxiBourseContent.companies
          .filter((company) => company.sector === effect.sector)
          .map((company) => ({ type: 'RumourRevealed', data: { playerId, cardId: card.id, company: company.id, delta: effect.delta } }));
      case 'receive':
      case 'pay':
      case 'sellShares':
        throw new Error(`Rumours card ${card.id} may only move prices`);
      default:
        return assertNever(effect, 'card effect');
    }
  });
}

// ---- The close (V) ------------------------------------------------------------------------------

function closeSession(state: MaxiBourseState): MaxiBourseEvent[] {
  if (state.phase !== 'drafting' && state.phase !== 'playing') throw notInPhase(state, 'Only a session in progress can be closed (V)');
  return [gameEnded(state, 'TIME_ELAPSED')];
}

// ---- Checks -------------------------------------------------------------------------------------

function requireLobby(state: MaxiBourseState) {
  if (state.phase !== 'lobby') throw notInPhase(state, 'Players join and the game starts before the session opens (I)');
  return state;
}

function requirePlaying(state: MaxiBourseState): PlayingState {
  if (state.phase !== 'playing') throw notInPhase(state, 'The session is not in progress');
  return state;
}

function notInPhase(state: MaxiBourseState, message: string): RuleViolation | NotFound {
  switch (state.phase) {
    case 'uncreated':
      return new NotFound('GAME_NOT_CREATED', 'This game has not been created');
    case 'finished':
      return new RuleViolation('GAME_OVER', 'The session is closed (V)');
    case 'lobby':
    case 'drafting':
    case 'playing':
      return new RuleViolation('WRONG_PHASE', message, { phase: state.phase });
    default:
      return assertNever(state, 'state');
  }
}

function requirePlayer(state: TableState, rawPlayerId: unknown): { playerId: PlayerId; portfolio: PlayerPortfolio } {
  const playerId = asPlayerId(typeof rawPlayerId === 'string' ? rawPlayerId : '');
  const portfolio = portfolioOf(state, playerId);
  if (!portfolio) throw new NotFound('UNKNOWN_PLAYER', `${JSON.stringify(rawPlayerId)} is not seated at this game`);
  if (portfolio.ruined) throw new RuleViolation('PLAYER_RUINED', `${playerName(state, playerId)} is ruined and has left the game (III.8)`);
  return { playerId, portfolio };
}

function requireCanTakePart(state: PlayingState, playerId: PlayerId): void {
  if (!canTakePart(state, playerId)) {
    throw new RuleViolation(
      'PLAYER_PENALISED',
      `${playerName(state, playerId)} misses a turn for carelessness and may not buy, sell or reveal a Rumours card (III.8)`,
    );
  }
}

function requireCompany(company: unknown): CompanyId {
  if (!isCompany(company)) throw new InvalidInput('UNKNOWN_COMPANY', `${JSON.stringify(company)} is not a company on the price board`);
  return company;
}

function requireLots(lots: unknown, min: number, max: number): number {
  if (typeof lots !== 'number' || !Number.isSafeInteger(lots) || lots < min || lots > max) {
    throw new InvalidInput(
      'INVALID_LOTS',
      `Shares are traded in lots of ${formatCount(lotSize)}: here from ${formatCount(min * lotSize)} to ${formatCount(max * lotSize)} shares (III.1-1, III.1-3)`,
      { min, max },
    );
  }
  return lots;
}

function requireBankLots(state: TableState, company: CompanyId, lots: number): void {
  const available = bankLots(state, company);
  if (available === 0) throw bankSoldOut(company);
  if (lots > available) {
    throw new RuleViolation('NOT_ENOUGH_BANK_SHARES', `The Share Service has only ${formatCount(available * lotSize)} ${companyName(company)} shares left (III.1-6)`);
  }
}

function bankSoldOut(company: CompanyId): RuleViolation {
  return new RuleViolation('BANK_SOLD_OUT', `The Share Service holds no ${companyName(company)} shares: they are all held by players (III.1-7)`);
}

function notEnoughShares(company: CompanyId, heldLots: number, holder = 'You'): RuleViolation {
  const verb = holder === 'You' ? 'hold' : 'holds';
  return new RuleViolation('NOT_ENOUGH_SHARES', `${holder} ${verb} ${formatCount(heldLots * lotSize)} ${companyName(company)} shares`);
}

function requireNothingPending(state: PlayingState): void {
  const top = topActivity(state);
  if (top) throw new RuleViolation('BUSINESS_PENDING', `Finish the business under way first: ${describeActivity(state, top)}`, { pending: top.kind });
}

function requireStep<K extends PlayingState['turn']['step']['kind']>(
  state: PlayingState,
  kind: K,
  message: string,
): Extract<PlayingState['turn']['step'], { kind: K }> {
  const step = state.turn.step;
  if (step.kind !== kind) throw new RuleViolation('NOT_NOW', message, { step: step.kind });
  return step as Extract<PlayingState['turn']['step'], { kind: K }>;
}

function requireRoller(state: PlayingState, playerId: PlayerId, what: string): void {
  if (state.turn.roller !== playerId) {
    throw new RuleViolation('NOT_YOUR_TURN', `It is ${playerName(state, state.turn.roller)}'s turn: only they may ${what}`, { roller: state.turn.roller });
  }
  if (!isInTheRunning(state, playerId)) throw new RuleViolation('PLAYER_RUINED', 'A ruined player has left the game (III.8)');
}

function requireTop<K extends Activity['kind']>(state: PlayingState, kind: K, message: string): ActivityOf<K> {
  const top = topActivity(state);
  if (top?.kind !== kind) throw new RuleViolation('NOT_NOW', message, { pending: top?.kind ?? null });
  return top as ActivityOf<K>;
}

function describeActivity(state: PlayingState, activity: Activity): string {
  switch (activity.kind) {
    case 'bidding':
      return `a round of bidding on ${companyName(activity.company)}`;
    case 'auction':
      return `an auction on ${companyName(activity.company)} at ${formatDollars(activity.price)}`;
    case 'payment':
      return `${playerName(state, activity.payer)} owes ${formatDollars(lotCost(activity.lots, activity.price))} for ${companyName(activity.company)}`;
    case 'debt':
      return `${playerName(state, activity.debtor)} must raise ${formatDollars(activity.amount)} (III.8)`;
    case 'obligation':
      return `${playerName(state, activity.playerId)} must settle card ${activity.cardId}`;
    case 'sale':
      return `an offer of ${formatCount(activity.lots * lotSize)} ${companyName(activity.company)} at ${formatDollars(activity.price)}`;
    case 'premiumRequest':
      return `${playerName(state, activity.buyer)} asks ${playerName(state, activity.seller)} for ${companyName(activity.company)}`;
    default:
      return assertNever(activity, 'activity');
  }
}
