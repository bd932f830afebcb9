import { assertNever, type Viewer } from '@corbeille/kernel';
import {
  awaitedPlayers,
  HIDDEN_CARD,
  maxiBourse,
  maxiBourseContent,
  redactCards,
  type Activity,
  type MaxiBourseEvent,
  type MaxiBourseState,
  type Party,
  type PlayingState,
  type TableState,
  type VariantName,
} from '@corbeille/maxi-bourse';
import { ruledMaxiBourse } from '../rulings/ruled-games';
import type { GameSummary } from '../read-models';
import type { GameProjection, LedgerRow, ProjectableEvent, ProjectedEvent, StoredGameRow } from '../registry/game-definition';
import type {
  MaxiBourseBoard,
  MaxiBourseDecision,
  MaxiBourseLedgerEntry,
  MaxiBourseLedgerKind,
  MaxiBoursePayout,
  MaxiBoursePortfolio,
  MaxiBoursePriceBoard,
  MaxiBoursePriceCause,
  MaxiBourseQuote,
  MaxiBourseSpace,
  MaxiBourseStandings,
} from './maxi-bourse-read-models';

export const MAXI_BOURSE_STREAM_PREFIX = 'maxi-bourse-';

/** Everything the projection keeps for one Maxi Bourse game between events. */
export interface MaxiBourseGameModel {
  /**
   * The engine's state folded from the events as a spectator sees them, so it holds no Rumours card and
   * no pile order (placeholders stand in for them). Working state for the next event: never served.
   */
  readonly state: MaxiBourseState;
  readonly summary: GameSummary;
  readonly board: MaxiBourseBoard;
  readonly priceBoard: MaxiBoursePriceBoard;
  readonly portfolios: readonly MaxiBoursePortfolio[];
  readonly decision: MaxiBourseDecision;
  readonly payouts: readonly MaxiBoursePayout[];
  readonly standings: MaxiBourseStandings | null;
}

const SPECTATOR: Viewer = { kind: 'spectator' };
const { lotSize } = maxiBourseContent;

/** The spaces of each variant's track, in play order (IV.6). */
const TRACKS = new Map<VariantName, readonly MaxiBourseSpace[]>(
  (Object.keys(maxiBourseContent.variants) as VariantName[]).map((variant) => {
    const rings: readonly number[] = maxiBourseContent.variants[variant].rings;
    const spaces = maxiBourseContent.boardSpaces
      .filter((space) => rings.includes(space.ring))
      .map((space, index): MaxiBourseSpace => ({
        index,
        ring: space.ring,
        kind: space.kind,
        company: space.kind === 'share' ? space.company : null,
        series: space.kind === 'card' ? space.series : null,
      }));
    return [variant, spaces];
  }),
);

export function maxiBourseTrack(variant: VariantName): readonly MaxiBourseSpace[] {
  return TRACKS.get(variant) ?? [];
}

function tableOf(state: MaxiBourseState): TableState | undefined {
  return state.phase === 'uncreated' || state.phase === 'lobby' ? undefined : state;
}

/**
 * Folds one event with the cards a spectator may not see hidden. A revealed rumour names its card for
 * the first time: the holder's placeholder is swapped for it first, so the rules' own `evolve` discards
 * the right card. Auction answers are folded whole: this state is working state, never served, and the
 * pending decision built from it names only who has answered.
 */
export function foldPublicEvent(state: MaxiBourseState, event: MaxiBourseEvent): MaxiBourseState {
  const seen = redactCards(event, SPECTATOR);
  const before = seen.type === 'RumourRevealed' ? withRevealedCard(state, seen.data.playerId, seen.data.cardId) : state;
  return ruledMaxiBourse.evolve(before, seen);
}

function withRevealedCard(state: MaxiBourseState, playerId: string, cardId: string): MaxiBourseState {
  if (state.phase !== 'playing') return state;
  const portfolio = state.players[playerId];
  if (!portfolio || portfolio.rumours.includes(cardId)) return state;
  const hidden = portfolio.rumours.indexOf(HIDDEN_CARD);
  if (hidden < 0) return state;
  const rumours = portfolio.rumours.map((id, index) => (index === hidden ? cardId : id));
  return { ...state, players: { ...state.players, [playerId]: { ...portfolio, rumours } } };
}

/**
 * Folds one recorded Maxi Bourse event into the game's public read models. The state is folded by the
 * engine (from the spectator's side of the events), so the figures can never disagree with the rules.
 */
export function projectMaxiBourseEvent(
  model: MaxiBourseGameModel | undefined,
  recorded: ProjectableEvent,
  gameId: string,
): ProjectedEvent<MaxiBourseGameModel> {
  const event = { type: recorded.type, data: recorded.data } as MaxiBourseEvent;
  const previous = model ?? emptyModel(gameId, recorded);
  const state = foldPublicEvent(previous.state, event);
  // A finished table no longer has a turn: it keeps the number of the last one.
  const tableTurn = state.phase === 'playing' ? state.turn.tableTurn : state.phase === 'finished' ? previous.board.tableTurn : 0;

  const summary: GameSummary = {
    ...previous.summary,
    phase: state.phase,
    players: state.phase === 'uncreated' ? [] : state.seats.map((seat, index) => ({ playerId: seat.playerId, name: seat.name, seat: index })),
    round: tableTurn,
    roundLimit: state.phase === 'uncreated' ? null : state.options.turnLimit,
    updatedAt: recorded.metadata.occurredAt,
    lastPosition: recorded.position,
    eventCount: recorded.revision + 1,
    winners: state.phase === 'finished' ? [...state.winners] : [],
  };
  const ledger = ledgerOf(gameId, recorded, event, previous.state, tableTurn);
  return {
    model: {
      state,
      summary,
      board: boardOf(gameId, state, recorded.position, tableTurn),
      priceBoard: priceBoardOf(gameId, state, previous.priceBoard, recorded, event, tableTurn),
      portfolios: portfoliosOf(gameId, state),
      decision: decisionOf(gameId, state, tableTurn, recorded.position),
      payouts: payoutsOf(gameId, previous.payouts, recorded, event, tableTurn),
      standings: standingsOf(state) ?? previous.standings,
    },
    ...(ledger.length > 0 ? { ledger } : {}),
  };
}

function emptyModel(gameId: string, recorded: ProjectableEvent): MaxiBourseGameModel {
  const league = recorded.metadata['league'];
  const state = maxiBourse.initialState();
  return {
    state,
    summary: {
      gameId,
      gameType: 'maxi-bourse',
      streamId: recorded.streamId,
      phase: 'uncreated',
      players: [],
      brokerId: null,
      round: 0,
      roundLimit: null,
      createdAt: recorded.metadata.occurredAt,
      updatedAt: recorded.metadata.occurredAt,
      lastPosition: recorded.position,
      eventCount: 0,
      winners: [],
      league: typeof league === 'string' ? league : null,
    },
    board: boardOf(gameId, state, recorded.position, 0),
    priceBoard: { gameId, tableTurn: 0, companies: [], lastPosition: recorded.position },
    portfolios: [],
    decision: decisionOf(gameId, state, 0, recorded.position),
    payouts: [],
    standings: null,
  };
}

function boardOf(gameId: string, state: MaxiBourseState, lastPosition: number, tableTurn: number): MaxiBourseBoard {
  const variant = state.phase === 'uncreated' ? null : state.options.variant;
  const spaces = variant === null ? [] : maxiBourseTrack(variant);
  const table = tableOf(state);
  const pawns = table
    ? table.seatOrder.map((playerId, seat) => {
        const portfolio = table.players[playerId];
        return {
          playerId,
          name: table.seats.find((candidate) => candidate.playerId === playerId)?.name ?? playerId,
          seat,
          position: portfolio?.position ?? -1,
          circuits: portfolio?.circuits ?? 0,
          missedTurns: portfolio?.missedTurns ?? 0,
          ruined: portfolio?.ruined ?? false,
        };
      })
    : [];
  const turn = state.phase === 'playing' ? state.turn : undefined;
  return {
    gameId,
    variant,
    trackLength: table?.trackLength ?? spaces.length,
    spaces,
    pawns,
    roller: turn?.roller ?? null,
    tableTurn,
    dice: turn?.dice ? [turn.dice[0], turn.dice[1]] : null,
    lastPosition,
  };
}

/** What an event that can set a quotation sets it by. */
function priceCauseOf(event: MaxiBourseEvent): MaxiBoursePriceCause | undefined {
  switch (event.type) {
    case 'BidDeclared':
      return 'bid';
    case 'AuctionClosed':
      return 'auction';
    case 'SalePriceLowered':
      return 'sale';
    case 'SoldToBank':
      return 'bank';
    case 'PriceMoved':
      return 'card';
    case 'RumourRevealed':
      return 'rumour';
    default:
      return undefined;
  }
}

function priceBoardOf(
  gameId: string,
  state: MaxiBourseState,
  previous: MaxiBoursePriceBoard,
  recorded: ProjectableEvent,
  event: MaxiBourseEvent,
  tableTurn: number,
): MaxiBoursePriceBoard {
  const table = tableOf(state);
  if (!table) return { gameId, tableTurn, companies: [], lastPosition: recorded.position };
  const cause = event.type === 'GameStarted' ? 'opening' : priceCauseOf(event);
  const companies = maxiBourseContent.companies.map((definition, index): MaxiBourseQuote => {
    const before = previous.companies[index];
    const price = table.prices[definition.id] ?? definition.nominal;
    const last = before?.history[before.history.length - 1];
    const point = { position: recorded.position, revision: recorded.revision, tableTurn, price };
    let history = before?.history ?? [];
    if (event.type === 'GameStarted' || last === undefined) history = [{ ...point, cause: 'opening' }];
    else if (cause !== undefined && last.price !== price) history = [...history, { ...point, cause }];
    return {
      company: definition.id,
      sector: definition.sector,
      nominal: definition.nominal,
      price,
      bankShares: table.bank[definition.id] ?? 0,
      history,
    };
  });
  return { gameId, tableTurn, companies, lastPosition: recorded.position };
}

function portfoliosOf(gameId: string, state: MaxiBourseState): MaxiBoursePortfolio[] {
  const table = tableOf(state);
  if (!table) return [];
  return table.seatOrder.map((playerId, seat) => {
    const portfolio = table.players[playerId];
    const holdings = maxiBourseContent.companies.flatMap((company) => {
      const shares = portfolio?.holdings[company.id] ?? 0;
      return shares > 0 ? [{ company: company.id, shares, value: shares * (table.prices[company.id] ?? company.nominal) }] : [];
    });
    const shareValue = holdings.reduce((sum, holding) => sum + holding.value, 0);
    const cash = portfolio?.cash ?? 0;
    return {
      gameId,
      playerId,
      name: table.seats.find((candidate) => candidate.playerId === playerId)?.name ?? playerId,
      seat,
      cash,
      holdings,
      shareValue,
      worth: cash + shareValue,
      rumourCount: portfolio?.rumours.length ?? 0,
      missedTurns: portfolio?.missedTurns ?? 0,
      ruined: portfolio?.ruined ?? false,
      rank: state.phase === 'finished' ? (state.valuations.find((valuation) => valuation.playerId === playerId)?.rank ?? null) : null,
    };
  });
}

const NO_DECISION: Omit<MaxiBourseDecision, 'gameId' | 'phase' | 'kind' | 'tableTurn' | 'lastPosition'> = {
  roller: null,
  dice: null,
  awaiting: [],
  pending: [],
  company: null,
  price: null,
  lots: null,
  round: null,
  seller: null,
  buyer: null,
  payer: null,
  creditor: null,
  amount: null,
  bids: [],
  bidders: [],
  answered: [],
  responders: [],
  answers: [],
  quote: null,
  acceptedPrice: null,
  mode: null,
  cardId: null,
  picks: null,
};

function decisionOf(gameId: string, state: MaxiBourseState, tableTurn: number, lastPosition: number): MaxiBourseDecision {
  const base = { ...NO_DECISION, gameId, phase: state.phase, tableTurn, lastPosition, awaiting: awaitedPlayers(state) };
  switch (state.phase) {
    case 'uncreated':
    case 'finished':
      return { ...base, kind: 'NONE' };
    case 'lobby':
      return { ...base, kind: 'START' };
    case 'drafting':
      return { ...base, kind: 'PICK_STARTING_COMPANY', picks: state.picks };
    case 'playing':
      return playingDecision(state, base);
    default:
      return assertNever(state, 'state');
  }
}

function playingDecision(state: PlayingState, base: Omit<MaxiBourseDecision, 'kind'>): MaxiBourseDecision {
  const { turn } = state;
  const decision = {
    ...base,
    roller: turn.roller,
    dice: turn.dice ? ([turn.dice[0], turn.dice[1]] as const) : null,
    pending: turn.stack.map((activity) => activity.kind),
  };
  const top: Activity | undefined = turn.stack[turn.stack.length - 1];
  if (top) return { ...decision, ...activityDecision(state, top) };
  switch (turn.step.kind) {
    case 'awaitingRoll':
      return { ...decision, kind: 'ROLL' };
    case 'doublePurchase':
      return { ...decision, kind: 'DOUBLE_PURCHASE' };
    case 'shareSpace':
      return { ...decision, kind: 'SHARE_SPACE', company: turn.step.company, price: state.prices[turn.step.company] ?? null };
    // Passing moments within a command: the engine never comes to rest there.
    case 'landing':
    case 'done':
      return { ...decision, kind: 'NONE' };
    default:
      return assertNever(turn.step, 'turn step');
  }
}

function activityDecision(state: PlayingState, activity: Activity): Partial<MaxiBourseDecision> & Pick<MaxiBourseDecision, 'kind'> {
  switch (activity.kind) {
    case 'bidding':
      return {
        kind: 'BIDDING',
        company: activity.company,
        price: state.prices[activity.company] ?? null,
        round: activity.round,
        responders: [...activity.speakers],
        bids: activity.bids.map((bid) => ({ playerId: bid.playerId, lots: bid.lots, basis: bid.basis })),
        mode: activity.status,
      };
    case 'auction':
      return {
        kind: 'AUCTION',
        company: activity.company,
        price: activity.price,
        lots: activity.supplyLots,
        bidders: activity.bidders.map((bidder) => ({ playerId: bidder.playerId, lots: bidder.lots })),
        // Who has answered this step, not what: the answers count as given at the same time.
        answered: activity.answers.map((answer) => answer.playerId),
        mode: activity.purpose,
      };
    case 'payment':
      return {
        kind: 'PAYMENT',
        company: activity.company,
        price: activity.price,
        lots: activity.lots,
        payer: activity.payer,
        creditor: activity.creditor,
        amount: activity.lots * lotSize * activity.price,
      };
    case 'debt':
      return {
        kind: activity.stage === 'raising' ? 'RAISING_CASH' : 'SEIZURE',
        company: activity.company,
        price: activity.price,
        lots: activity.lots,
        payer: activity.debtor,
        creditor: activity.creditor,
        amount: activity.amount,
        mode: activity.stage,
      };
    case 'obligation':
      return { kind: 'OBLIGATION', payer: activity.playerId, creditor: 'bank', amount: activity.amount, cardId: activity.cardId };
    case 'sale':
      return {
        kind: 'SALE',
        company: activity.company,
        price: activity.price,
        lots: activity.lots,
        round: activity.round,
        seller: activity.seller,
        responders: [...activity.responders],
        answers: activity.answers.map((answer) => ({ playerId: answer.playerId, lots: answer.lots })),
        mode: activity.mode,
      };
    case 'premiumRequest':
      return {
        kind: 'PREMIUM_REQUEST',
        company: activity.company,
        price: state.prices[activity.company] ?? null,
        lots: activity.lots,
        buyer: activity.buyer,
        seller: activity.seller,
        quote: activity.quote,
        acceptedPrice: activity.acceptedPrice,
      };
    default:
      return assertNever(activity, 'activity');
  }
}

function payoutsOf(
  gameId: string,
  previous: readonly MaxiBoursePayout[],
  recorded: ProjectableEvent,
  event: MaxiBourseEvent,
  tableTurn: number,
): readonly MaxiBoursePayout[] {
  if (event.type === 'CircuitCompleted') {
    const { playerId, circuits } = event.data;
    const payout: MaxiBoursePayout = {
      gameId,
      position: recorded.position,
      revision: recorded.revision,
      playerId,
      circuit: circuits,
      tableTurn,
      dividend: null,
      directorsFees: [],
      horizontalBonuses: [],
      verticalBonuses: [],
      total: 0,
    };
    return [...previous, payout];
  }
  const add = (playerId: string, amount: number, update: (payout: MaxiBoursePayout) => Partial<MaxiBoursePayout>) => {
    const index = previous.findLastIndex((payout) => payout.playerId === playerId);
    const current = previous[index];
    if (!current) return previous;
    return previous.map((payout, at) => (at === index ? { ...current, ...update(current), total: current.total + amount } : payout));
  };
  switch (event.type) {
    case 'DividendPaid':
      return add(event.data.playerId, event.data.amount, () => ({ dividend: { shares: event.data.shares, amount: event.data.amount } }));
    case 'DirectorsFeePaid': {
      const { company, price, amount } = event.data;
      return add(event.data.playerId, amount, (payout) => ({ directorsFees: [...payout.directorsFees, { company, price, amount }] }));
    }
    case 'HorizontalBonusPaid': {
      const { sector, companies, amount } = event.data;
      return add(event.data.playerId, amount, (payout) => ({ horizontalBonuses: [...payout.horizontalBonuses, { sector, companies, amount }] }));
    }
    case 'VerticalBonusPaid': {
      const { companies, amount } = event.data;
      return add(event.data.playerId, amount, (payout) => ({ verticalBonuses: [...payout.verticalBonuses, { companies, amount }] }));
    }
    default:
      return previous;
  }
}

function standingsOf(state: MaxiBourseState): MaxiBourseStandings | null {
  if (state.phase !== 'finished') return null;
  return {
    reason: state.reason,
    rows: state.valuations.map((valuation) => ({
      playerId: valuation.playerId,
      name: state.seats.find((seat) => seat.playerId === valuation.playerId)?.name ?? valuation.playerId,
      cash: valuation.cash,
      shareValue: valuation.shareValue,
      total: valuation.total,
      rank: valuation.rank,
      winner: state.winners.includes(valuation.playerId),
    })),
  };
}

const asHolder = (value: Party): string | null => (value === 'bank' ? null : value);

/** The deals an event strikes or settles, read with the state just before it (what was on the stack). */
function ledgerOf(gameId: string, recorded: ProjectableEvent, event: MaxiBourseEvent, before: MaxiBourseState, tableTurn: number): LedgerRow[] {
  const base = { gameId, position: recorded.position, revision: recorded.revision, tableTurn, occurredAt: recorded.metadata.occurredAt };
  const stack = before.phase === 'playing' ? before.turn.stack : [];
  const top = stack[stack.length - 1];
  const line = (
    sequence: number,
    kind: MaxiBourseLedgerKind,
    deal: { playerId: string; buyer: string | null; seller: string | null; company: string; lots: number; price: number; amount?: number; via: string | null },
  ): LedgerRow => {
    const entry: MaxiBourseLedgerEntry = {
      ...base,
      sequence,
      kind,
      playerId: deal.playerId,
      buyer: deal.buyer,
      seller: deal.seller,
      company: deal.company,
      lots: deal.lots,
      shares: deal.lots * lotSize,
      price: deal.price,
      amount: deal.amount ?? deal.lots * lotSize * deal.price,
      via: deal.via,
    };
    return { playerId: entry.playerId, kind, entry };
  };
  switch (event.type) {
    case 'MarketPurchaseDeclared': {
      const { playerId, company, lots, price } = event.data;
      return [line(0, 'MARKET_PURCHASE', { playerId, buyer: playerId, seller: null, company, lots, price, via: 'double' })];
    }
    case 'BidDeclared': {
      const { playerId, company, lots, basis, priceBefore } = event.data;
      if (basis !== 'market' || lots === 0) return [];
      return [line(0, 'MARKET_PURCHASE', { playerId, buyer: playerId, seller: null, company, lots, price: priceBefore, via: 'shareSpace' })];
    }
    case 'BiddingRoundClosed': {
      const { company, price, buyers, shortage } = event.data;
      if (shortage) return [];
      return buyers.map((buyer, sequence) =>
        line(sequence, 'BEST_PURCHASE', { playerId: buyer.playerId, buyer: buyer.playerId, seller: null, company, lots: buyer.lots, price, via: 'atBest' }),
      );
    }
    case 'AuctionClosed': {
      const { company, price, allocations } = event.data;
      const purpose = top?.kind === 'auction' ? top.purpose : 'shortage';
      const sale = stack[stack.length - 2];
      const seller = purpose === 'sale' && sale?.kind === 'sale' ? asHolder(sale.seller) : null;
      return allocations
        .filter((allocation) => allocation.lots > 0)
        .map((allocation, sequence) =>
          line(sequence, 'AUCTION', { playerId: allocation.playerId, buyer: allocation.playerId, seller, company, lots: allocation.lots, price, via: purpose }),
        );
    }
    case 'SaleAllocated': {
      // A sale settled by an auction was written down when the auction closed.
      if (top?.kind !== 'sale' || top.status === 'auction') return [];
      const { company, price, allocations } = event.data;
      return allocations
        .filter((allocation) => allocation.lots > 0)
        .map((allocation, sequence) =>
          line(sequence, 'SALE', {
            playerId: allocation.playerId,
            buyer: allocation.playerId,
            seller: asHolder(top.seller),
            company,
            lots: allocation.lots,
            price,
            via: top.mode,
          }),
        );
    }
    case 'SoldToBank': {
      const { seller, company, lots, price, amount } = event.data;
      if (seller === 'bank') return [];
      const via = top?.kind === 'sale' ? top.mode : null;
      return [line(0, 'BANK_PURCHASE', { playerId: seller, buyer: null, seller, company, lots, price, amount, via })];
    }
    case 'PremiumSaleAgreed': {
      const { buyer, seller, company, lots, price } = event.data;
      return [line(0, 'PREMIUM_SALE', { playerId: buyer, buyer, seller, company, lots, price, via: 'premium' })];
    }
    case 'SharesSeized': {
      const { from, company, lots } = event.data;
      if (top?.kind !== 'debt') return [];
      return [line(0, 'SEIZURE', { playerId: top.debtor, buyer: null, seller: asHolder(from), company, lots, price: top.price, amount: 0, via: 'seizure' })];
    }
    case 'SharesPaid': {
      const { payer, creditor, company, lots, price, amount } = event.data;
      return [line(0, 'PAYMENT', { playerId: payer, buyer: payer, seller: asHolder(creditor), company, lots, price, amount, via: null })];
    }
    default:
      return [];
  }
}

export const maxiBourseProjection: GameProjection<MaxiBourseGameModel> = {
  project: projectMaxiBourseEvent,
  summaryOf: (model) => model.summary,
  toRow: (model): StoredGameRow => ({
    state: model.state,
    priceBoard: model.priceBoard,
    portfolios: model.portfolios,
    extras: { board: model.board, decision: model.decision, payouts: model.payouts, standings: model.standings },
  }),
  fromRow: (summary, row) => {
    const extras = row.extras as Pick<MaxiBourseGameModel, 'board' | 'decision' | 'payouts' | 'standings'>;
    return {
      summary,
      state: row.state as MaxiBourseState,
      priceBoard: row.priceBoard as MaxiBoursePriceBoard,
      portfolios: row.portfolios as MaxiBoursePortfolio[],
      board: extras.board,
      decision: extras.decision,
      payouts: extras.payouts,
      standings: extras.standings,
    };
  },
};
