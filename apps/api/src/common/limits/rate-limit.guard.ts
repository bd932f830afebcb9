import { createHash } from 'node:crypto';
import { Inject, Injectable, Optional, type ExecutionContext, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import { RateLimited } from './rate-limited.error';

export const IP_LIMIT = 'ip';
/** Where the guard puts itself in the Express app's locals, for the query limits plugin. */
export const RATE_LIMITER = 'corbeilleRateLimiter';
/** An optional `(limit: string) => void` in the Express app's locals, told of each refusal (metrics). */
export const RATE_LIMIT_REFUSED = 'corbeilleRateLimitRefused';

function countRequestHandler(): void {
  // Only a handler reference for the throttler's metadata lookups (no @SkipThrottle on it).
}
export const TOKEN_LIMIT = 'token';
/** The injection token of the slot graphql-ws reads the limiter from (query-limits.ts RateLimiterSlot). */
export const RATE_LIMITER_SLOT = 'RATE_LIMITER_SLOT';

/** A client as the limiter sees it: its address and its headers (only `authorization` is read). */
export interface RateClient {
  readonly ip?: string;
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
}

/** Counts requests against the limits; rejects with RateLimited once one is over. */
export interface RateCounter {
  countRequest(req: object, res: object): Promise<void>;
  countHits(client: RateClient, res: object, hits: number): Promise<void>;
}

interface RequestLike {
  readonly headers?: Readonly<Record<string, string | string[] | undefined>>;
  readonly ip?: string;
  readonly res?: unknown;
}

/**
 * Rate limits per client address and per credential, for REST routes, GraphQL over HTTP and graphql-ws
 * alike. The credential is the `Authorization` value (API token or session token), hashed: requests with
 * one token share a budget whichever address they come from, and every request also counts against its
 * address, so trying many tokens from one address is limited too.
 *
 * A GraphQL request over HTTP is counted before its body is read (http-hardening.ts, through
 * `countRequest`, found in the Express app's locals under RATE_LIMITER), so a request refused later (not
 * JSON, not GraphQL, invalid, over a limit) has counted all the same; the guard then runs per root field
 * and finds the request's decision made. A mutation's further root fields count one each (`countHits`,
 * query-limits.ts), and so does every graphql-ws operation (through RATE_LIMITER_SLOT).
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard implements OnModuleInit, RateCounter {
  private readonly decided = new WeakMap<object, Promise<boolean>>();
  private locals: Record<string, unknown> | undefined;

  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly adapterHost: HttpAdapterHost,
    @Optional() @Inject(RATE_LIMITER_SLOT) private readonly slot?: { current?: RateCounter },
  ) {
    super(options, storage, reflector);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    const express = this.adapterHost.httpAdapter?.getInstance<{ locals?: Record<string, unknown> }>();
    if (express?.locals) express.locals[RATE_LIMITER] = this;
    this.locals = express?.locals;
    if (this.slot) this.slot.current = this;
  }

  /**
   * Counts `hits` requests of one client (a graphql-ws operation, a mutation's further commands): each one
   * as a request of its own, so the per-request decision of `countRequest` is not reused.
   */
  async countHits(client: RateClient, res: object, hits: number): Promise<void> {
    for (let hit = 0; hit < hits; hit += 1) {
      await super.canActivate(this.httpContext({ ip: client.ip, headers: client.headers ?? {} }, res));
    }
  }

  /** Counts one HTTP request as a REST route would be counted; rejects with RateLimited over the limit. */
  async countRequest(req: object, res: object): Promise<void> {
    await this.canActivate(this.httpContext(req, res));
  }

  private httpContext(req: object, res: object): ExecutionContext {
    const http = { getRequest: () => req, getResponse: () => res, getNext: () => undefined };
    return {
      getType: () => 'http',
      switchToHttp: () => http,
      getHandler: () => countRequestHandler,
      getClass: () => RateLimitGuard,
      getArgs: () => [req, res],
      getArgByIndex: (index: number) => [req, res][index],
      switchToRpc: () => {
        throw new Error('HTTP only');
      },
      switchToWs: () => {
        throw new Error('HTTP only');
      },
    } as unknown as ExecutionContext;
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const { req } = this.getRequestResponse(context);
    if (typeof req !== 'object' || req === null || typeof req['headers'] !== 'object') return true;
    let decision = this.decided.get(req);
    if (!decision) {
      decision = super.canActivate(context);
      this.decided.set(req, decision);
    }
    return decision;
  }

  /** Health probes come from the orchestrator, metrics scrapes from Prometheus: they must never be refused. */
  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    if (context.getType<GqlContextType>() !== 'http') return Promise.resolve(false);
    const path = (context.switchToHttp().getRequest<{ path?: unknown }>().path ?? '') as string;
    return Promise.resolve(path === '/health' || path.startsWith('/health/') || path === '/metrics');
  }

  protected override getRequestResponse(context: ExecutionContext): { req: Record<string, unknown>; res: Record<string, unknown> } {
    if (context.getType<GqlContextType>() === 'graphql') {
      const req = GqlExecutionContext.create(context).getContext<{ req?: RequestLike }>().req;
      return { req: (req ?? {}) as Record<string, unknown>, res: (req?.res ?? {}) as Record<string, unknown> };
    }
    return super.getRequestResponse(context);
  }

  protected override async handleRequest(requestProps: ThrottlerRequest): Promise<boolean> {
    if (requestProps.throttler.name === TOKEN_LIMIT) {
      const { req } = this.getRequestResponse(requestProps.context);
      if (credentialOf(req as RequestLike) === undefined) return true;
    }
    return super.handleRequest(requestProps);
  }

  protected override async getTracker(req: Record<string, unknown>): Promise<string> {
    return `ip:${await super.getTracker(req)}`;
  }

  /** One budget per client across every route and resolver (the default is one per handler). */
  protected override generateKey(_context: ExecutionContext, tracker: string, name: string): string {
    return `${name}:${tracker}`;
  }

  protected override throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const name = detail.key.startsWith(`${TOKEN_LIMIT}:`) ? TOKEN_LIMIT : IP_LIMIT;
    const retryAfter = Math.max(1, Math.ceil(detail.timeToBlockExpire));
    const { res } = this.getRequestResponse(context);
    this.setResponseHeader(res, 'Retry-After', retryAfter);
    (this.locals?.[RATE_LIMIT_REFUSED] as ((limit: string) => void) | undefined)?.(name);
    return Promise.reject(new RateLimited(name, detail.limit, Math.round(detail.ttl / 1000), retryAfter));
  }
}

/** The tracker of the per-token limit: a digest of the credential, never the credential itself. */
export function tokenTracker(req: Record<string, unknown>): string {
  return `token:${createHash('sha256').update(credentialOf(req as RequestLike) ?? '').digest('base64url')}`;
}

function credentialOf(req: RequestLike): string | undefined {
  const value = req.headers?.['authorization'];
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text.trim() === '' ? undefined : text.trim();
}
