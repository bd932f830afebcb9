import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Logger, type INestApplication } from '@nestjs/common';
import type { ApolloServerPlugin } from '@apollo/server';
import { RATE_LIMIT_REFUSED } from '../common/limits/rate-limit.guard';
import { API_METRICS } from '../infrastructure/infrastructure.tokens';
import type { ApiMetrics } from './api-metrics';
import { runWithRequestLog, type RequestLogFields } from './request-log-context';

/** Where a request's log fields live on the request object. */
const LOG_FIELDS = Symbol('corbeille.requestLog');
/** A request id the client or a proxy sent is kept when it is this plain; otherwise one is made. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

type LoggedRequest = IncomingMessage & { [LOG_FIELDS]?: RequestLogFields; principal?: { kind?: string }; originalUrl?: string };
type Next = (error?: unknown) => void;

/**
 * One line per HTTP request, at the `log` level of the app's logger (JSON lines in production): request id
 * (kept from `X-Request-Id` when sane, and sent back), method, path without its query string, status,
 * duration, principal kind, and for GraphQL the operation's name and type, the outcome code, and the
 * command id and game id of a game command. Never headers, bodies, variables or query text.
 */
export function requestLine(logger = new Logger('Http')) {
  return (request: LoggedRequest, response: ServerResponse, next: Next): void => {
    const started = process.hrtime.bigint();
    const sent = request.headers['x-request-id'];
    const requestId = typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    response.setHeader('x-request-id', requestId);
    const fields: RequestLogFields = { requestId };
    request[LOG_FIELDS] = fields;
    response.once('finish', () => {
      const path = (request.originalUrl ?? request.url ?? '').split('?')[0];
      logger.log({
        msg: 'request',
        ...fields,
        method: request.method,
        path,
        status: response.statusCode,
        durationMs: Number(process.hrtime.bigint() - started) / 1e6,
        principalKind: request.principal?.kind ?? 'anonymous',
      });
    });
    next();
  };
}

/**
 * Runs the rest of the request with its log fields in AsyncLocalStorage, so the command path can name its
 * command and game. Registered after body parsing: stream events would not carry the storage through.
 */
export function requestLogScope() {
  return (request: LoggedRequest, _response: ServerResponse, next: Next): void => {
    const fields = request[LOG_FIELDS];
    if (fields === undefined) return next();
    runWithRequestLog(fields, () => next());
  };
}

/** Names the GraphQL operation and its outcome (`OK` or the first error's code) in the request's line. */
export function requestLogPlugin(): ApolloServerPlugin<{ req?: unknown }> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ contextValue, operationName, operation }) {
          const fields = fieldsOf(contextValue.req);
          if (fields === undefined) return;
          if (operationName) fields.operationName = operationName.slice(0, 100);
          if (operation) fields.operationType = operation.operation;
        },
        async willSendResponse({ contextValue, response }) {
          const fields = fieldsOf(contextValue.req);
          if (fields === undefined || response.body.kind !== 'single') return;
          const error = response.body.singleResult.errors?.[0];
          const code = error?.extensions?.['domainCode'] ?? error?.extensions?.['code'];
          fields.outcome = error === undefined ? 'OK' : typeof code === 'string' ? code : 'ERROR';
        },
      };
    },
  };
}

function fieldsOf(request: unknown): RequestLogFields | undefined {
  return typeof request === 'object' && request !== null ? (request as LoggedRequest)[LOG_FIELDS] : undefined;
}

/** Lets the rate limiter tell the app's metrics of each refusal (rate-limit.guard.ts looks this up). */
export function countRateLimitRefusals(app: INestApplication): void {
  const metrics = app.get<ApiMetrics>(API_METRICS);
  const express = app.getHttpAdapter().getInstance() as { locals?: Record<string, unknown> };
  if (express.locals) express.locals[RATE_LIMIT_REFUSED] = (limit: string) => metrics.rateLimited.inc({ limit });
}
