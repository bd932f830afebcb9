import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { ANONYMOUS, type Principal } from '../../access/access.port';
import { isPrincipal } from './authenticator';

/** The GraphQL context of an operation: `req` over HTTP, `extra` (graphql-ws) over a WebSocket. */
export interface RequestContext {
  readonly req?: { readonly principal?: unknown };
  readonly extra?: { readonly principal?: unknown };
  readonly connectionParams?: Readonly<Record<string, unknown>>;
}

/**
 * The one lookup of who sent an operation: `req.principal` for HTTP (set by the authenticator or any
 * middleware before GraphQL), the principal the connection was authenticated as for WebSockets (put on
 * graphql-ws's `extra` when the socket connected). Anything else is anonymous.
 */
export function principalOf(context: RequestContext | undefined): Principal {
  const fromHttp = context?.req?.principal;
  if (isPrincipal(fromHttp)) return fromHttp;
  const fromSocket = context?.extra?.principal;
  if (isPrincipal(fromSocket)) return fromSocket;
  return ANONYMOUS;
}

/** Resolver parameter: the request's principal (ANONYMOUS when nobody signed in). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal => principalOf(GqlExecutionContext.create(context).getContext<RequestContext>()),
);
