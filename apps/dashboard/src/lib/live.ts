import { createClient, type Client } from 'graphql-ws';
import { liveConnectionParams, liveTicketSource, type LiveTicketSource } from './live-ticket';
import { BOARD_FIELDS, EVENT_FIELDS } from './queries';
import type { GameEvent, PriceBoard } from './types';

export const GAME_EVENTS_SUBSCRIPTION = `subscription DashboardGameEvents($gameId: ID!, $after: SafeInt) {
  gameEvents(gameId: $gameId, afterPosition: $after) { ${EVENT_FIELDS} }
}`;

export const PRICE_BOARD_SUBSCRIPTION = `subscription DashboardPriceBoard($gameId: ID!) {
  priceBoard(gameId: $gameId) { ${BOARD_FIELDS} }
}`;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface LiveHandlers {
  readonly onEvent: (event: GameEvent) => void;
  readonly onBoard: (board: PriceBoard) => void;
  readonly onStatus: (status: LiveStatus, detail?: string) => void;
}

/**
 * The browser's graphql-ws client, as the signed-in account: every (re)connection sends a live ticket
 * (a fresh one once the last has expired); none for a visitor who is not signed in.
 */
export function createLiveClient(
  url: string,
  onStatus: (status: LiveStatus) => void,
  tickets: LiveTicketSource = liveTicketSource(),
  webSocketImpl?: unknown,
): Client {
  let connectedOnce = false;
  return createClient({
    url,
    connectionParams: liveConnectionParams(tickets),
    retryAttempts: 1000,
    shouldRetry: () => true,
    ...(webSocketImpl === undefined ? {} : { webSocketImpl }),
    on: {
      connecting: () => onStatus(connectedOnce ? 'reconnecting' : 'connecting'),
      connected: () => {
        connectedOnce = true;
        onStatus('live');
      },
      closed: () => onStatus('reconnecting'),
    },
  });
}

/**
 * Subscribes to a game's new events (resuming after `afterPosition`, so nothing is missed across
 * reconnects) and to its price board. Returns a function that stops everything.
 */
export function subscribeToGame(
  url: string,
  gameId: string,
  afterPosition: number,
  handlers: LiveHandlers,
  tickets: LiveTicketSource = liveTicketSource(),
): () => void {
  const client: Client = createLiveClient(url, (status) => handlers.onStatus(status), tickets);
  const fail = (error: unknown) => {
    // A refused ticket (e.g. expired against the API's clock) is not offered to the next connection.
    tickets.forget();
    const detail = Array.isArray(error)
      ? error.map((entry: { message?: unknown }) => String(entry.message)).join('; ')
      : error instanceof Error
        ? error.message
        : 'the connection was refused';
    handlers.onStatus('failed', detail);
  };
  const stopEvents = client.subscribe<{ gameEvents: GameEvent }>(
    { query: GAME_EVENTS_SUBSCRIPTION, variables: { gameId, after: afterPosition } },
    {
      next: (result) => {
        if (result.data?.gameEvents) handlers.onEvent(result.data.gameEvents);
      },
      error: fail,
      complete: () => undefined,
    },
  );
  const stopBoard = client.subscribe<{ priceBoard: PriceBoard }>(
    { query: PRICE_BOARD_SUBSCRIPTION, variables: { gameId } },
    {
      next: (result) => {
        if (result.data?.priceBoard) handlers.onBoard(result.data.priceBoard);
      },
      error: fail,
      complete: () => undefined,
    },
  );
  return () => {
    stopEvents();
    stopBoard();
    void client.dispose();
  };
}
