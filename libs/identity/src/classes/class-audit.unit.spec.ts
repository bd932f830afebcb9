import type { GameType, TradeRef } from '../league/league.types';
import { classNotesToCsv, classTradesToCsv, type ClassTradeRow } from './class-audit-export';
import { detectFlags, deviationPercent, identicalPlans, mirroredPlans, type AuditPlan, type AuditSignal, type AuditTrade } from './class-audit';
import { tradeIdOf } from './trade-notes';

const AT = '2026-03-01T10:00:00.000Z';
const participantOf = (_gameType: GameType, _gameId: string, playerId: string) => `acct-${playerId}`;

function trade(ref: TradeRef, extra: Partial<AuditTrade> = {}): AuditTrade {
  return {
    tradeId: tradeIdOf(ref),
    trade: ref,
    eventId: `e-${ref.revision}`,
    eventType: 'SharesPaid',
    position: 100 + ref.revision,
    occurredAt: AT,
    round: 3,
    side: 'buy',
    company: 'AEG',
    shares: 1000,
    price: 20_000,
    amount: 20_000_000,
    marketPrice: 20_000,
    cashBefore: 50_000_000,
    cashAfter: 30_000_000,
    sharesBefore: 0,
    sharesAfter: 1000,
    counterparty: 'bank',
    counterpartyIsPlayer: false,
    via: null,
    ...extra,
  };
}

const plan = (sell: Record<string, number>, buy: Record<string, number>, newspaper = 0): AuditPlan => ({ sell, buy, newspaper });

describe('class audit flags', () => {
  it('measure a price against the market price in percent', () => {
    expect(deviationPercent(15_000, 10_000)).toBe(50);
    expect(deviationPercent(9_990, 10_000)).toBe(-0.1);
    expect(deviationPercent(1, 0)).toBeNull();
  });

  it('flag a sale between players far from the market price once, with both sides', () => {
    const premium = { gameType: 'maxi-bourse' as const, gameId: 'm1', revision: 7 };
    const buy = trade({ ...premium, playerId: 'ann' }, { price: 30_000, counterparty: 'bo', counterpartyIsPlayer: true, via: 'premium' });
    const sell = trade({ ...premium, playerId: 'bo' }, { side: 'sell', price: 30_000, counterparty: 'ann', counterpartyIsPlayer: true, via: 'premium' });
    const near = trade({ ...premium, revision: 9, playerId: 'ann' }, { price: 22_000, counterparty: 'bo', counterpartyIsPlayer: true });
    const bank = trade({ ...premium, revision: 11, playerId: 'ann' }, { price: 90_000 });
    const flags = detectFlags({ trades: [buy, sell, near, bank], signals: [], participantOf });
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      kind: 'off-market-price',
      tradeIds: [buy.tradeId, sell.tradeId],
      deviationPercent: 50,
      seats: [
        { gameId: 'm1', playerId: 'ann', participantId: 'acct-ann' },
        { gameId: 'm1', playerId: 'bo', participantId: 'acct-bo' },
      ],
    });
    expect(flags[0]?.message).toBe('bo sold 1000 AEG to ann at 300.00 a share, +50% from the market price of 200.00');
    expect(detectFlags({ trades: [near], signals: [], participantOf, thresholds: { minDeviationPercent: 10 } })).toHaveLength(1);
  });

  it('flag identical and mirrored BOLSA plans of the same month, not empty or newspaper-only ones', () => {
    expect(identicalPlans(plan({}, { CEREAL: 2 }, 1), plan({}, { CEREAL: 2 }, 1))).toBe(true);
    expect(identicalPlans(plan({}, { CEREAL: 2 }, 1), plan({}, { CEREAL: 2 }, 0))).toBe(false);
    expect(identicalPlans(plan({}, {}, 2), plan({}, {}, 2))).toBe(false);
    expect(mirroredPlans(plan({ BANCA: 1 }, { PHONE: 2 }), plan({ PHONE: 2 }, { BANCA: 1 }, 3))).toBe(true);
    expect(mirroredPlans(plan({ BANCA: 1 }, {}), plan({}, { BANCA: 1 }))).toBe(false);

    const revealed: AuditSignal = {
      kind: 'plans-revealed',
      gameType: 'bolsa',
      gameId: 'b1',
      position: 50,
      revision: 30,
      occurredAt: AT,
      month: 3,
      plans: {
        cy: plan({}, { CEREAL: 2 }),
        ann: plan({ BANCA: 1 }, { PHONE: 2 }),
        bo: plan({ PHONE: 2 }, { BANCA: 1 }),
        di: plan({}, { CEREAL: 2 }),
        ed: plan({}, {}, 1),
      },
    };
    const bought = trade({ gameType: 'bolsa', gameId: 'b1', revision: 33, playerId: 'cy' }, { company: 'CEREAL', round: 3 });
    const earlier = trade({ gameType: 'bolsa', gameId: 'b1', revision: 12, playerId: 'cy' }, { company: 'CEREAL', round: 2 });
    const flags = detectFlags({ trades: [bought, earlier], signals: [revealed], participantOf });
    expect(flags.map((flag) => [flag.kind, flag.seats.map((seat) => seat.playerId), flag.tradeIds])).toEqual([
      ['identical-plans', ['cy', 'di'], [bought.tradeId]],
      ['mirrored-plans', ['ann', 'bo'], []],
    ]);
    expect(flags[1]?.message).toBe('ann and bo handed in mirrored plans in month 3: sell 1 BANCA; buy 2 PHONE against sell 2 PHONE; buy 1 BANCA');
  });

  it('flag participants penalised again and again across the class', () => {
    const penalty = (gameId: string, position: number, playerId: string): AuditSignal => ({
      kind: 'penalty',
      gameType: 'maxi-bourse',
      gameId,
      position,
      revision: position,
      occurredAt: AT,
      round: 1,
      playerId,
      fine: 10_000_000,
    });
    const flags = detectFlags({ trades: [], signals: [penalty('m1', 5, 'ann'), penalty('m2', 9, 'ann'), penalty('m1', 7, 'bo')], participantOf });
    expect(flags).toEqual([
      expect.objectContaining({
        kind: 'repeated-penalties',
        flagId: 'repeated-penalties:acct-ann',
        count: 2,
        positions: [5, 9],
        seats: [
          { gameType: 'maxi-bourse', gameId: 'm1', playerId: 'ann', participantId: 'acct-ann' },
          { gameType: 'maxi-bourse', gameId: 'm2', playerId: 'ann', participantId: 'acct-ann' },
        ],
      }),
    ]);
    expect(detectFlags({ trades: [], signals: [penalty('m1', 7, 'bo')], participantOf, thresholds: { minPenalties: 1 } })).toHaveLength(1);
  });
});

describe('class audit CSV', () => {
  it('writes one row per trade, money in cents, formulas defused', () => {
    const ref: TradeRef = { gameType: 'stock-ticker', gameId: 'g1', revision: 5, playerId: 'p-ann' };
    const row: ClassTradeRow = {
      ...trade(ref, { counterparty: 'broker', eventType: 'SharesBought' }),
      tableId: 't1',
      seasonId: 's1',
      participantId: 'acct-ann',
      participantKind: 'account',
      accountId: 'acct-ann',
      name: '=Ann',
      deviationPercent: 0,
      flags: ['off-market-price'],
      rationale: 'Cheap, "I thought"',
      annotationCount: 2,
    };
    const csv = classTradesToCsv([row]);
    const [header, line, end] = csv.split('\r\n');
    expect(header?.split(',')).toHaveLength(30);
    expect(line).toBe(
      `stock-ticker:g1:5:p-ann,${AT},105,5,stock-ticker,g1,t1,s1,3,p-ann,acct-ann,account,acct-ann,'=Ann,BUY,AEG,1000,20000,20000000,20000,0,50000000,30000000,0,1000,broker,,off-market-price,"Cheap, ""I thought""",2`,
    );
    expect(end).toBe('');
    expect(
      classNotesToCsv([
        { kind: 'annotation', noteId: 'a1', tradeId: 'x', gameType: 'bolsa', gameId: 'b1', playerId: 'p', studentName: 'Sam', authorId: 't', authorName: 'Tess', at: AT, comment: 'Good', flagged: true, score: 7 },
      ]).split('\r\n')[1],
    ).toBe(`annotation,a1,${AT},x,bolsa,b1,p,Sam,t,Tess,Good,yes,7`);
  });
});
