import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { AppConfig } from '../../config/app-config';
import { ErrorCode } from '../errors/error-codes';
import { documentLimitsMiddleware } from './query-limits';
import { RateLimited } from './rate-limited.error';
import { RATE_LIMITER, type RateCounter } from './rate-limit.guard';

/** The parts of Express's request and response used here. */
type Request = IncomingMessage & { readonly path: string; readonly app?: { readonly locals?: Record<string, unknown> } };
type Response = ServerResponse & { status(code: number): { json(body: unknown): void } };
type NextFunction = (error?: unknown) => void;

/** Headers a browser may send to the API from an allowed origin. */
const CORS_HEADERS = ['content-type', 'authorization', 'apollo-require-preflight', 'x-apollo-operation-name'];

/**
 * What every HTTP request goes through before GraphQL or a REST route: security headers, CORS for the
 * configured origins, every GraphQL request counted against the rate limits before its body is read (so
 * that requests refused later count too), and JSON bodies up to `limits.maxBodyBytes` (a larger or
 * unreadable body is answered in GraphQL's error shape, not an HTML page), then the document's limits
 * (query-limits.ts), before Apollo Server parses or validates it. Call before `app.init()`; the
 * app must be created with `bodyParser: false`.
 */
export function applyHttpHardening(app: NestExpressApplication, config: AppConfig, graphqlPath: string): void {
  if (config.trustProxyHops > 0) app.set('trust proxy', config.trustProxyHops);
  const apiHeaders = fixedHeaders(helmet({
    // JSON only: nothing to load, nothing to frame.
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"] } },
  }));
  // The GraphiQL page loads React and GraphiQL from this server (schema/graphiql.ts); GraphiQL styles inline.
  const graphiqlHeaders = fixedHeaders(helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
      },
    },
  }));
  app.use((request: Request, response: Response, next: NextFunction) => {
    const page = config.graphiql && request.method === 'GET' && request.path === graphqlPath && (request.headers.accept ?? '').includes('text/html');
    (page ? graphiqlHeaders : apiHeaders)(request, response, next);
  });
  app.enableCors({
    origin: [...config.corsOrigins],
    methods: ['GET', 'POST', 'OPTIONS'],
    allowedHeaders: CORS_HEADERS,
    maxAge: 600,
  });
  app.use(countGraphQLRequests(graphqlPath));
  app.useBodyParser('json', { limit: config.limits.maxBodyBytes });
  app.useBodyParser('urlencoded', { limit: config.limits.maxBodyBytes, extended: true });
  app.use(bodyErrors(config.limits.maxBodyBytes));
  app.use(documentLimitsMiddleware(config.limits, graphqlPath));
}

type Middleware = (request: Request, response: Response, next: NextFunction) => void;

/**
 * Helmet's headers depend on nothing of the request: they are recorded once, by running its middleware
 * against a recorder, and written from that list, instead of through its dozen middlewares per request.
 */
function fixedHeaders(middleware: (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void): Middleware {
  const headers: [name: string, value: number | string | readonly string[]][] = [];
  const removed: string[] = [];
  let finished = false;
  const recorder = {
    setHeader: (name: string, value: number | string | readonly string[]) => headers.push([name, value]),
    removeHeader: (name: string) => removed.push(name),
  };
  middleware({ headers: {}, method: 'GET', url: '/' } as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error !== undefined) throw error;
    finished = true;
  });
  if (!finished) throw new Error('The security headers middleware did not finish at once: its headers cannot be recorded');
  return (_request, response, next) => {
    for (const name of removed) response.removeHeader(name);
    for (const [name, value] of headers) response.setHeader(name, value);
    next();
  };
}

/**
 * Counts each request to the GraphQL path once, whatever follows: a body too large or not JSON, a syntax
 * or validation error and a document over a limit all cost the client a request. The limiter is the
 * rate limit guard, which puts itself in the app's locals when the app starts (none when limits are off);
 * resolvers' guard calls then find this request's decision made. CORS preflights are answered before this.
 */
function countGraphQLRequests(graphqlPath: string): Middleware {
  return (request, response, next) => {
    const limiter = request.app?.locals?.[RATE_LIMITER] as RateCounter | undefined;
    if (!limiter || request.path !== graphqlPath) {
      next();
      return;
    }
    limiter.countRequest(request, response).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof RateLimited)) {
          next(error);
          return;
        }
        // The guard has set Retry-After on the response.
        response.status(429).json({
          errors: [{ message: error.message, extensions: { code: ErrorCode.RATE_LIMITED, retryAfterSeconds: error.retryAfterSeconds } }],
        });
      },
    );
  };
}

interface BodyParserError {
  readonly type?: unknown;
  readonly status?: unknown;
}

function bodyErrors(maxBodyBytes: number) {
  return (error: unknown, _request: Request, response: Response, next: NextFunction): void => {
    const { type, status } = (typeof error === 'object' && error !== null ? error : {}) as BodyParserError;
    if (type === 'entity.too.large') {
      response.status(413).json({
        errors: [
          {
            message: `The request body is larger than the ${maxBodyBytes} bytes the server accepts.`,
            extensions: { code: ErrorCode.PAYLOAD_TOO_LARGE, maxBodyBytes },
          },
        ],
      });
      return;
    }
    if (typeof type === 'string' && typeof status === 'number' && status >= 400 && status < 500) {
      const message = type === 'entity.parse.failed' ? 'The request body is not valid JSON.' : 'The request body could not be read.';
      response.status(status).json({ errors: [{ message, extensions: { code: ErrorCode.BAD_REQUEST } }] });
      return;
    }
    next(error);
  };
}
