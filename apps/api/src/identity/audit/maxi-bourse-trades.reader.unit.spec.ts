import type { RecordedEvent } from '@corbeille/event-store';
import type { AuditSignal, AuditTrade } from '@corbeille/identity';
import type { MaxiBourseEvent } from '@corbeille/maxi-bourse';
import { carelessFineEvents, premiumSaleEvents } from '../testing/maxi-bourse-scenarios';
import { maxiBourseTradesReader } from './maxi-bourse-trades.reader';

function recorded(events: readonly MaxiBourseEvent[], gameId: string): RecordedEvent[] {
  return events.map((event, revision) => ({
    ...event,
    id: `e${revision}`,
    streamId: `maxi-bourse-${gameId}`,
    revision,
    position: 1000 + revision,
    recordedAt: '2026-01-01T00:00:00.000Z',
    metadata: { commandId: `c${revision}`, actor: 'test', correlationId: 'c', causationId: 'c', occurredAt: '2026-01-01T00:00:00.000Z' },
  }));
}

function readAll(events: readonly MaxiBourseEvent[], gameId: string): { trades: AuditTrade[]; signals: AuditSignal[] } {
  let state = maxiBourseTradesReader.initialState();
  const trades: AuditTrade[] = [];
  const signals: AuditSignal[] = [];
  for (const event of recorded(events, gameId)) {
    const read = maxiBourseTradesReader.read(state, event, gameId);
    state = read.state;
    trades.push(...read.trades);
    signals.push(...read.signals);
  }
  return { trades, signals };
}

describe('Maxi Bourse trades for the class audit', () => {
  it('read a premium sale as a purchase and a sale between the two players, against the market price', () => {
    const events = premiumSaleEvents('m1');
    const paid = events.findIndex((event) => event.type === 'SharesPaid');
    const { trades, signals } = readAll(events, 'm1');
    expect(signals).toEqual([]);
    expect(trades).toEqual([
      expect.objectContaining({
        tradeId: `maxi-bourse:m1:${paid}:bob`,
        side: 'buy',
        company: 'CANON',
        shares: 1000,
        price: 30_000,
        amount: 30_000_000,
        marketPrice: 20_000,
        sharesBefore: 0,
        sharesAfter: 1000,
        counterparty: 'ann',
        counterpartyIsPlayer: true,
        via: 'premium',
        round: 1,
      }),
      expect.objectContaining({
        tradeId: `maxi-bourse:m1:${paid}:ann`,
        side: 'sell',
        shares: 1000,
        sharesBefore: 2000,
        sharesAfter: 1000,
        counterparty: 'bob',
        via: 'premium',
      }),
    ]);
    const [buy, sell] = trades as [AuditTrade, AuditTrade];
    expect(buy.cashBefore - buy.cashAfter).toBe(30_000_000);
    expect(sell.cashAfter - sell.cashBefore).toBe(30_000_000);
  });

  it('read a careless-player fine as a penalty', () => {
    const { signals } = readAll(carelessFineEvents('m2'), 'm2');
    expect(signals).toEqual([expect.objectContaining({ kind: 'penalty', gameType: 'maxi-bourse', gameId: 'm2', playerId: 'ann', fine: 10_000_000, round: 1 })]);
  });
});
