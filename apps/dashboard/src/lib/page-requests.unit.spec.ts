import { BOARD_REQUESTS, loadGameView, RECENT_EVENTS } from './game-view';
import type { Requester, Variables } from './graphql';
import { recentEventsAndWorth } from './multi-game';
import { MAX_MARK_PAGES } from './queries';

/**
 * What rendering a game's board costs in API requests, for a game far longer than any page of events:
 * the board is rendered again on every event of a game in play, and every request counts against the
 * visitor's rate-limit budget. The API here answers by operation name, as a game of 5,000 rounds and
 * 60,000 events would.
 */
const ROUNDS = 5_000;
const EVENTS = 60_000;

const event = (revision: number, type: string, data: unknown = {}) => ({
  id: `e${revision}`,
  position: 1_000 + revision,
  revision,
  type,
  data,
  occurredAt: '2026-01-01T00:00:00.000Z',
  actor: 'system',
  commandId: `c${revision}`,
  voided: false,
  rulingOfDispute: null,
});

function longGameApi(): { request: Requester; operations: string[] } {
  const operations: string[] = [];
  const answer = (operation: string, variables: Variables): unknown => {
    switch (operation) {
      case 'DashboardGame':
        return { game: { id: 'long', phase: 'ROLLING', players: [{ playerId: 'ann' }, { playerId: 'bob' }], lastPosition: 1_000 + EVENTS - 1, priceBoard: null, portfolios: [] } };
      case 'DashboardLegalActions':
        return { game: { id: 'long', a0: [], a1: [] } };
      case 'DashboardTimeline': {
        const page = variables['after'] === null ? 0 : Number(variables['after']);
        const marks = Array.from({ length: 100 }, (_, index) => event((page * 100 + index) * 12, 'RoundCompleted', { round: page * 100 + index + 1 }));
        const recent = Array.from({ length: Number(variables['recent']) }, (_, index) => event(EVENTS - Number(variables['recent']) + index, 'DiceRolled'));
        return {
          game: {
            id: 'long',
            marks: { pageInfo: { hasNextPage: (page + 1) * 100 < ROUNDS, endCursor: String(page + 1) }, edges: marks.map((node) => ({ node })) },
            ...(variables['withRecent'] ? { recent: { edges: recent.map((node) => ({ node })) } } : {}),
          },
        };
      }
      case 'DashboardGameAtMany':
      case 'DashboardWorthHistory':
        return Object.fromEntries(
          Object.keys(variables)
            .filter((name) => name !== 'id')
            .map((name, index) => [`s${index}`, null]),
        );
      case 'DashboardRecentEvents': {
        const count = Number(variables['last']);
        const events = Array.from({ length: count }, (_, index) => event(EVENTS - count + index, 'Something'));
        const field = { events: { totalCount: EVENTS, pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: 'a', endCursor: 'b' }, edges: events.map((node) => ({ cursor: node.id, node })) } };
        return { bolsaGame: field, maxiBourseGame: field };
      }
      default:
        throw new Error(`unexpected operation ${operation}`);
    }
  };
  const request = (async (query: string, variables: Variables = {}) => {
    const operation = /query (\w+)/.exec(query)?.[1] ?? 'anonymous';
    operations.push(operation);
    return answer(operation, variables);
  }) as Requester;
  return { request, operations };
}

describe('the requests a game board costs', () => {
  it(`a Stock Ticker board: at most ${BOARD_REQUESTS} requests, not one per page of the stream`, async () => {
    const api = longGameApi();
    const view = await loadGameView(api.request, 'long');
    expect(api.operations.length).toBeLessThanOrEqual(BOARD_REQUESTS);
    expect(BOARD_REQUESTS).toBe(6);
    expect(api.operations.filter((operation) => operation === 'DashboardTimeline')).toHaveLength(MAX_MARK_PAGES);
    // The recent events and the resume point are the stream's last, not the last of what was read.
    expect(view?.recentEvents).toHaveLength(RECENT_EVENTS);
    expect(view?.recentEvents[0]?.revision).toBe(EVENTS - 1);
    expect(view?.lastEventPosition).toBe(1_000 + EVENTS - 1);
    expect(view?.streamComplete).toBe(false);
    expect(view?.netWorth.sampled).toBe(true);
  });

  it.each(['BOLSA', 'MAXI_BOURSE'] as const)('a %s board: its recent events and worth history in 2 requests', async (kind) => {
    const api = longGameApi();
    const { events } = await recentEventsAndWorth(api.request, kind, 'long');
    expect(api.operations).toEqual(['DashboardRecentEvents', 'DashboardWorthHistory']);
    expect(events[0]?.revision).toBe(EVENTS - 1);
  });
});
