import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { INestApplication } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { AppConfig } from '../../config/app-config';
import { ErrorCode } from '../errors/error-codes';
import { clientAddress } from './client-address';

type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/** The part of Nest's Apollo driver that holds graphql-ws's `ws` server (not in its public types). */
interface DriverWithSockets {
  readonly _subscriptionService?: { readonly wss?: { readonly options?: { maxPayload?: number } } };
}

/**
 * The WebSocket side of the HTTP limits, applied once the app is initialised (Nest creates graphql-ws's
 * server then):
 * - a message may be at most `maxBodyBytes`, like an HTTP body (`ws` closes the socket with 1009 over it;
 *   its default is 100 MiB);
 * - at most `maxSocketsPerAddress` sockets open at once from one client address (the address as Express
 *   sees it, with TRUST_PROXY_HOPS): the upgrade over it is answered HTTP 429 `TOO_MANY_SOCKETS` and the
 *   connection closed, before any WebSocket exists.
 */
export function applySocketLimits(app: INestApplication, config: AppConfig, graphqlPath: string): void {
  const driver = app.get(GraphQLModule, { strict: false }).graphQlAdapter as unknown as DriverWithSockets;
  const options = driver._subscriptionService?.wss?.options;
  if (!options) throw new Error('The graphql-ws server was not found: its message size cannot be limited');
  options.maxPayload = config.limits.maxBodyBytes;

  const server = app.getHttpServer() as Server;
  const listeners = server.listeners('upgrade') as UpgradeListener[];
  server.removeAllListeners('upgrade');
  const open = new Map<string, number>();
  const max = config.limits.maxSocketsPerAddress;
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!(request.url ?? '').startsWith(graphqlPath)) {
      for (const listener of listeners) listener(request, socket, head);
      return;
    }
    const address = clientAddress(request, config.trustProxyHops);
    const count = open.get(address) ?? 0;
    if (count >= max) {
      refuse(socket, max);
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
    for (const listener of listeners) listener(request, socket, head);
  });
}

function refuse(socket: Duplex, max: number): void {
  const body = JSON.stringify({
    errors: [
      {
        message: `This address already has ${max} WebSocket connections open, the most the server allows. Close one before opening another.`,
        extensions: { code: ErrorCode.TOO_MANY_SOCKETS, maxSocketsPerAddress: max },
      },
    ],
  });
  socket.end(
    `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
