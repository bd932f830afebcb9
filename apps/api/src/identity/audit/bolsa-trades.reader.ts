import { bolsa, priceAt, type BolsaEvent, type BolsaState, type CompanyId, type Plan } from '@corbeille/bolsa';
import { BOLSA_GAME_TYPE, BOLSA_STREAM_PREFIX, tradeIdOf, type AuditPlan, type AuditTrade } from '@corbeille/identity';
import { ruledBolsa } from '@corbeille/projections';
import { nothingRecorded, tradeBase, type TradeReader } from './trade-reader';

type InPlay = Extract<BolsaState, { market: unknown }>;

const inPlay = (state: BolsaState): state is InPlay => 'market' in state;
/** BOLSA counts whole euros. */
const cents = (euros: number) => euros * 100;

/**
 * BOLSA: the month's `SharesSold` and `SharesBought` (purchases and lottery draws) against the market.
 * The market price is the blue marker's price before the trade (trades move a virtual yellow marker
 * until the month's orders are carried out). The final sale of every share at the end of the game is
 * not a trade of the players. Plans reach the audit only when the month reveals them.
 */
export const bolsaTradesReader: TradeReader<BolsaState> = {
  gameType: BOLSA_GAME_TYPE,
  streamPrefix: BOLSA_STREAM_PREFIX,
  initialState: () => bolsa.initialState(),
  read(state, event, gameId) {
    const domainEvent = { type: event.type, data: event.data } as BolsaEvent;
    // The ruled engine: a referee's correction or rewind marker folds like any event.
    const next = ruledBolsa.evolve(state, domainEvent);
    if (domainEvent.type === 'PlansRevealed') {
      const plans = Object.fromEntries(Object.entries(domainEvent.data.plans).map(([playerId, plan]) => [playerId, auditPlan(plan)]));
      return {
        state: next,
        trades: [],
        signals: [
          {
            kind: 'plans-revealed',
            gameType: BOLSA_GAME_TYPE,
            gameId,
            position: event.position,
            revision: event.revision,
            occurredAt: event.metadata.occurredAt,
            month: domainEvent.data.month,
            plans,
          },
        ],
      };
    }
    if ((domainEvent.type !== 'SharesSold' && domainEvent.type !== 'SharesBought') || !inPlay(state) || !inPlay(next)) {
      return nothingRecorded(next);
    }
    const { playerId, company, shares, price, month } = domainEvent.data;
    const before = state.portfolios[playerId];
    const after = next.portfolios[playerId];
    if (!before || !after) return nothingRecorded(next);
    const ref = { gameType: BOLSA_GAME_TYPE, gameId, revision: event.revision, playerId } as const;
    const trade: AuditTrade = {
      tradeId: tradeIdOf(ref),
      trade: ref,
      ...tradeBase(event),
      round: month,
      side: domainEvent.type === 'SharesBought' ? 'buy' : 'sell',
      company,
      shares,
      price: cents(price),
      amount: cents(domainEvent.type === 'SharesBought' ? domainEvent.data.cost : domainEvent.data.proceeds),
      marketPrice: cents(priceAt(company, state.market[company].level)),
      cashBefore: cents(before.cash),
      cashAfter: cents(after.cash),
      sharesBefore: before.shares[company],
      sharesAfter: after.shares[company],
      counterparty: 'market',
      counterpartyIsPlayer: false,
      via: domainEvent.type === 'SharesBought' ? domainEvent.data.via : null,
    };
    return { state: next, trades: [trade], signals: [] };
  },
};

function auditPlan(plan: Plan): AuditPlan {
  return { sell: markers(plan.sell), buy: markers(plan.buy), newspaper: plan.newspaper };
}

function markers(byCompany: Partial<Record<CompanyId, number>>): Record<string, number> {
  return Object.fromEntries(Object.entries(byCompany).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0));
}
