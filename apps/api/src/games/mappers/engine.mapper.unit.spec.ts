import type { RecordedEvent } from '@corbeille/event-store';
import { asPlayerId, fold } from '@corbeille/kernel';
import { resolveOptions, stockTicker, stockTickerContent, type StockTickerEvent } from '@corbeille/stock-ticker';
import { toGameSnapshotModel, type CreatedState } from './engine.mapper';

const alice = asPlayerId('alice');
const bob = asPlayerId('bob');
const prices = { GOLD: 100, TECH: 100, OIL: 100, INDUSTRIAL: 100, BONDS: 100, GRAIN: 100 };

function stateAfter(events: readonly StockTickerEvent[]): CreatedState {
  const state = stockTicker.view(fold(stockTicker, events), { kind: 'spectator' });
  if (state.phase === 'uncreated') throw new Error('not created');
  return state;
}

const last = { position: 9, revision: 4 } as RecordedEvent;

describe('toGameSnapshotModel: net worth at a point of the game', () => {
  const setUp: StockTickerEvent[] = [
    { type: 'GameCreated', data: { gameId: 'g', options: resolveOptions({}) } },
    { type: 'PlayerJoined', data: { playerId: alice, name: 'Alice', seat: 0 } },
    { type: 'PlayerJoined', data: { playerId: bob, name: 'Bob', seat: 1 } },
  ];

  it('is null in the lobby', () => {
    expect(toGameSnapshotModel('g', stateAfter(setUp), last).players.map((player) => player.netWorth)).toEqual([null, null]);
  });

  it('is cash plus holdings, minus an outstanding loan and its charge (BORROWING)', () => {
    const state = stateAfter([
      ...setUp,
      { type: 'GameStarted', data: { brokerId: alice, seatOrder: [alice, bob], startedAt: '2026-01-01T00:00:00.000Z', prices } },
      { type: 'SharesBought', data: { playerId: alice, stock: 'GOLD', shares: 1000, price: 100, cost: 100_000 } },
      { type: 'LoanTaken', data: { playerId: bob, amount: 50_000 } },
    ]);
    const [aliceNow, bobNow] = toGameSnapshotModel('g', state, last).players;
    if (aliceNow?.cash == null || bobNow?.cash == null) throw new Error('cash expected');
    expect(aliceNow.netWorth).toBe(aliceNow.cash + 1000 * 100);
    expect(bobNow.loan).toBe(50_000);
    expect(bobNow.netWorth).toBe(bobNow.cash - 50_000 - stockTickerContent.loan.charge);
  });
});
