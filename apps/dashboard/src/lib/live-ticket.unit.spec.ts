import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { createLiveClient, GAME_EVENTS_SUBSCRIPTION } from './live';
import { fetchLiveTicket, LIVE_TICKET_MARGIN_MS, LIVE_TICKET_ROUTE, liveConnectionParams, liveTicketSource, NO_LIVE_TICKET, type LiveTicketAnswer } from './live-ticket';

const FIVE_MINUTES = 5 * 60_000;

/** A ticket server that counts its calls and answers `ticket-1`, `ticket-2`... valid for five minutes. */
function ticketCounter(signedIn = true) {
  let calls = 0;
  const fetchTicket = async (): Promise<LiveTicketAnswer> => {
    calls += 1;
    return signedIn ? { ticket: `ticket-${calls}`, expiresAt: '2026-01-01T00:05:00.000Z', expiresInMs: FIVE_MINUTES } : NO_LIVE_TICKET;
  };
  return { fetchTicket, calls: () => calls };
}

describe('live tickets in the browser', () => {
  describe('the ticket source', () => {
    it('keeps a ticket until shortly before it expires, then asks for a new one', async () => {
      let now = 1_000_000;
      const server = ticketCounter();
      const source = liveTicketSource(server.fetchTicket, () => now);
      expect(await source.current()).toBe('ticket-1');
      now += FIVE_MINUTES - LIVE_TICKET_MARGIN_MS - 1;
      expect(await source.current()).toBe('ticket-1');
      now += 1;
      expect(await source.current()).toBe('ticket-2');
      expect(server.calls()).toBe(2);
    });

    it('asks once for connections opened together, and again after a ticket was refused', async () => {
      const server = ticketCounter();
      const source = liveTicketSource(server.fetchTicket, () => 0);
      expect(await Promise.all([source.current(), source.current()])).toEqual(['ticket-1', 'ticket-1']);
      source.forget();
      expect(await source.current()).toBe('ticket-2');
    });

    it('gives no ticket to a visitor who is not signed in, and asks again next time', async () => {
      const server = ticketCounter(false);
      const source = liveTicketSource(server.fetchTicket, () => 0);
      expect(await source.current()).toBeNull();
      expect(await liveConnectionParams(source)()).toEqual({});
      expect(server.calls()).toBe(2);
    });

    it('turns a ticket into connectionParams.authorization', async () => {
      const source = liveTicketSource(ticketCounter().fetchTicket, () => 0);
      expect(await liveConnectionParams(source)()).toEqual({ authorization: 'Bearer ticket-1' });
    });
  });

  describe('fetchLiveTicket', () => {
    it("POSTs JSON to the dashboard's own route and reads its answer", async () => {
      const requests: { url: string; init: RequestInit | undefined }[] = [];
      const answer = { ticket: 'cbl_x', expiresAt: '2026-01-01T00:05:00.000Z', expiresInMs: FIVE_MINUTES };
      const fetchImpl = (async (url: string, init?: RequestInit) => {
        requests.push({ url, init });
        return Response.json(answer);
      }) as typeof fetch;
      expect(await fetchLiveTicket(fetchImpl)).toEqual(answer);
      expect(requests).toEqual([{ url: LIVE_TICKET_ROUTE, init: expect.objectContaining({ method: 'POST', credentials: 'same-origin' }) }]);
      expect(new Headers(requests[0]?.init?.headers).get('content-type')).toBe('application/json');
    });

    it('reads an anonymous answer as no ticket, and fails on an error status', async () => {
      expect(await fetchLiveTicket((async () => Response.json(NO_LIVE_TICKET)) as typeof fetch)).toEqual(NO_LIVE_TICKET);
      await expect(fetchLiveTicket((async () => Response.json({ error: {} }, { status: 502 })) as typeof fetch)).rejects.toThrow('HTTP 502');
    });
  });

  describe('the live client', () => {
    let server: WebSocketServer;
    let url: string;
    const initPayloads: unknown[] = [];

    beforeAll(async () => {
      // A graphql-ws server that records each connection's `connection_init` payload and then stays silent.
      server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'graphql-transport-ws' });
      server.on('connection', (socket) => {
        socket.on('message', (raw) => {
          const message = JSON.parse(String(raw)) as { type: string; payload?: unknown };
          if (message.type === 'connection_init') {
            initPayloads.push(message.payload);
            socket.send(JSON.stringify({ type: 'connection_ack' }));
          }
        });
      });
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
    });

    afterAll(async () => {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('connects with a ticket, and with a fresh one when it reconnects after the ticket expired', async () => {
      let now = 0;
      const tickets = ticketCounter();
      const statuses: string[] = [];
      const client = createLiveClient(url, (status) => statuses.push(status), liveTicketSource(tickets.fetchTicket, () => now), WebSocket);
      const waitFor = async (done: () => boolean) => {
        for (let waited = 0; !done() && waited < 5_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      const until = (count: number) => waitFor(() => initPayloads.length >= count);
      const closings = () => statuses.filter((status) => status === 'reconnecting').length;
      try {
        // The client connects lazily, for its first subscription, and closes once it has none.
        let stop = client.subscribe({ query: GAME_EVENTS_SUBSCRIPTION, variables: { gameId: 'class-st', after: 0 } }, { next: () => undefined, error: () => undefined, complete: () => undefined });
        await until(1);
        stop();
        await waitFor(() => closings() >= 1);
        // Within the ticket's life: the same ticket.
        now += 60_000;
        stop = client.subscribe({ query: GAME_EVENTS_SUBSCRIPTION, variables: { gameId: 'class-st', after: 0 } }, { next: () => undefined, error: () => undefined, complete: () => undefined });
        await until(2);
        stop();
        await waitFor(() => closings() >= 2);
        // Past it: a new one.
        now += FIVE_MINUTES;
        stop = client.subscribe({ query: GAME_EVENTS_SUBSCRIPTION, variables: { gameId: 'class-st', after: 0 } }, { next: () => undefined, error: () => undefined, complete: () => undefined });
        await until(3);
        stop();
        expect(initPayloads).toEqual([{ authorization: 'Bearer ticket-1' }, { authorization: 'Bearer ticket-1' }, { authorization: 'Bearer ticket-2' }]);
        expect(statuses).toContain('live');
      } finally {
        await client.dispose();
      }
    });
  });
});
