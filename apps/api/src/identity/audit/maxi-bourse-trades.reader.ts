import type { RecordedEvent } from '@corbeille/event-store';
import { MAXI_BOURSE_GAME_TYPE, MAXI_BOURSE_STREAM_PREFIX, tradeIdOf, type AuditSignal, type AuditTrade } from '@corbeille/identity';
import { maxiBourse, type MaxiBourseEvent, type MaxiBourseState, type Party } from '@corbeille/maxi-bourse';
import { ruledMaxiBourse } from '@corbeille/projections';
import { nothingRecorded, tradeBase, type TradeReader } from './trade-reader';

type Table = Extract<MaxiBourseState, { players: unknown }>;

interface PremiumSale {
  readonly buyer: string;
  readonly seller: string;
  readonly company: string;
  readonly lots: number;
}

/** The game's state, and the premium sale agreed but not paid yet (its payment is the trade). */
export interface MaxiBourseAuditState {
  readonly game: MaxiBourseState;
  readonly premium: PremiumSale | null;
}

const isTable = (state: MaxiBourseState): state is Table => 'players' in state;
/** Maxi Bourse counts whole dollars. */
const cents = (dollars: number) => dollars * 100;

/**
 * Maxi Bourse, from the event shapes of `libs/games/maxi-bourse/src/types.ts`:
 * - `SharesPaid`: the payer buys `lots` from the creditor (the bank's Share Service, or a player, who
 *   then sells); it settles bids, auctions, sales, purchases on a double and premium sales alike;
 *   after `PremiumSaleAgreed` the payment is the premium sale (`via: 'premium'`);
 * - `SoldToBank`: a player sells to the bank;
 * - `CarelessPlayerFined`: a penalty for not being able to pay.
 * The market price is the company's price just before the event.
 */
export const maxiBourseTradesReader: TradeReader<MaxiBourseAuditState> = {
  gameType: MAXI_BOURSE_GAME_TYPE,
  streamPrefix: MAXI_BOURSE_STREAM_PREFIX,
  initialState: () => ({ game: maxiBourse.initialState(), premium: null }),
  read(current, event, gameId) {
    const domainEvent = { type: event.type, data: event.data } as MaxiBourseEvent;
    const state = current.game;
    // The ruled engine: a referee's correction or rewind marker folds like any event.
    const next = ruledMaxiBourse.evolve(state, domainEvent);
    const keep = (premium: PremiumSale | null) => ({ game: next, premium });
    if (!isTable(state) || !isTable(next)) return nothingRecorded(keep(current.premium));
    const round = state.phase === 'playing' ? state.turn.tableTurn : null;
    switch (domainEvent.type) {
      case 'PremiumSaleAgreed': {
        const { buyer, seller, company, lots } = domainEvent.data;
        return nothingRecorded(keep({ buyer, seller, company, lots }));
      }
      case 'TurnStarted':
        return nothingRecorded(keep(null));
      case 'SharesPaid': {
        const { payer, creditor, company, price, amount } = domainEvent.data;
        const premium = current.premium;
        const isPremium = premium !== null && premium.buyer === payer && premium.seller === creditor && premium.company === company;
        const via = isPremium ? 'premium' : null;
        const trades = [
          trade(event, gameId, state, next, { playerId: payer, side: 'buy', company, price, amount, round, counterparty: creditor, via }),
          ...(creditor === 'bank'
            ? []
            : [trade(event, gameId, state, next, { playerId: creditor, side: 'sell', company, price, amount, round, counterparty: payer, via })]),
        ].filter((made): made is AuditTrade => made !== undefined);
        return { state: keep(isPremium ? null : premium), trades, signals: [] };
      }
      case 'SoldToBank': {
        const { seller, company, price, amount } = domainEvent.data;
        if (seller === 'bank') return nothingRecorded(keep(current.premium));
        const sold = trade(event, gameId, state, next, { playerId: seller, side: 'sell', company, price, amount, round, counterparty: 'bank', via: null });
        return { state: keep(current.premium), trades: sold ? [sold] : [], signals: [] };
      }
      case 'CarelessPlayerFined': {
        const penalty: AuditSignal = {
          kind: 'penalty',
          gameType: MAXI_BOURSE_GAME_TYPE,
          gameId,
          position: event.position,
          revision: event.revision,
          occurredAt: event.metadata.occurredAt,
          round,
          playerId: domainEvent.data.playerId,
          // The whole fine (III.8): what was paid at once and what is owed until shares are sold.
          fine: cents(domainEvent.data.fine + (domainEvent.data.fineOwed ?? 0)),
        };
        return { state: keep(current.premium), trades: [], signals: [penalty] };
      }
      default:
        return nothingRecorded(keep(current.premium));
    }
  },
};

interface TradeSide {
  readonly playerId: string;
  readonly side: 'buy' | 'sell';
  readonly company: string;
  /** Dollars per share. */
  readonly price: number;
  /** Dollars. */
  readonly amount: number;
  readonly round: number | null;
  readonly counterparty: Party;
  readonly via: string | null;
}

function trade(event: RecordedEvent, gameId: string, before: Table, after: Table, side: TradeSide): AuditTrade | undefined {
  const was = before.players[side.playerId];
  const now = after.players[side.playerId];
  if (!was || !now) return undefined;
  const sharesBefore = was.holdings[side.company] ?? 0;
  const sharesAfter = now.holdings[side.company] ?? 0;
  const ref = { gameType: MAXI_BOURSE_GAME_TYPE, gameId, revision: event.revision, playerId: side.playerId } as const;
  return {
    tradeId: tradeIdOf(ref),
    trade: ref,
    ...tradeBase(event),
    round: side.round,
    side: side.side,
    company: side.company,
    shares: Math.abs(sharesAfter - sharesBefore),
    price: cents(side.price),
    amount: cents(side.amount),
    marketPrice: cents(before.prices[side.company] ?? side.price),
    cashBefore: cents(was.cash),
    cashAfter: cents(now.cash),
    sharesBefore,
    sharesAfter,
    counterparty: side.counterparty,
    counterpartyIsPlayer: side.counterparty !== 'bank',
    via: side.via,
  };
}
