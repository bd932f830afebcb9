import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { Principal } from '../../access/access.port';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';
import { AuthenticationService, type Transport } from './authentication.service';

interface PrincipalHolder {
  principal?: unknown;
}

interface HttpRequestLike extends PrincipalHolder {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The GraphQL context: `req` over HTTP; over graphql-ws, the connection's `extra` and `connectionParams`. */
interface GraphQLContextLike {
  readonly req?: unknown;
  readonly extra?: unknown;
  readonly connectionParams?: unknown;
}

interface Credential {
  readonly authorization: unknown;
  /** Where the principal goes: `req` (HTTP) or the socket's `extra` (graphql-ws), where resolvers look it up. */
  readonly holder: PrincipalHolder;
  readonly transport: Transport;
}

/**
 * Reads `Authorization: Bearer <token>` (HTTP) or `connectionParams.authorization` (graphql-ws, where a
 * live ticket is accepted too, for subscriptions only) before every resolver and route, and sets the
 * principal on `req.principal` / the socket's `extra.principal`.
 * Without a credential, whatever principal is already there stays (anonymous by default). An invalid,
 * expired or revoked credential fails the request with UNAUTHENTICATED (HTTP 401 on REST routes).
 */
@Injectable()
export class PrincipalGuard implements CanActivate {
  /** One resolution per request or socket operation, however many root fields it has. */
  private readonly resolved = new WeakMap<object, Promise<Principal | undefined>>();

  constructor(private readonly authentication: AuthenticationService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const type = context.getType<GqlContextType>();
    if (type === 'graphql') {
      const gqlExecution = GqlExecutionContext.create(context);
      const gqlContext = gqlExecution.getContext<GraphQLContextLike>();
      const credential = credentialOf(gqlContext);
      const principal = credential ? await this.authenticate(gqlContext, credential) : undefined;
      // A live ticket follows games; it never reads over a socket what HTTP would refuse it, nor issues commands.
      if (principal?.kind === 'account' && principal.via === 'live-ticket' && gqlExecution.getInfo<GraphQLResolveInfo>().operation.operation !== 'subscription') {
        throw new Unauthenticated('LIVE_TICKET_SUBSCRIPTIONS_ONLY', 'A live ticket only opens subscriptions; send queries and mutations with a session or API token');
      }
      return true;
    }
    if (type === 'http') {
      const request = context.switchToHttp().getRequest<HttpRequestLike>();
      try {
        await this.authenticate(request, { authorization: request.headers['authorization'], holder: request, transport: 'http' });
      } catch (error) {
        if (error instanceof Unauthenticated) throw new UnauthorizedException(error.message);
        throw error;
      }
    }
    return true;
  }

  private async authenticate(key: object, credential: Credential): Promise<Principal | undefined> {
    let pending = this.resolved.get(key);
    if (!pending) {
      pending = this.authentication.principalOf(credential.authorization, credential.transport);
      this.resolved.set(key, pending);
    }
    const principal = await pending;
    if (principal) credential.holder.principal = principal;
    return principal;
  }
}

function credentialOf(context: GraphQLContextLike | undefined): Credential | undefined {
  if (!context) return undefined;
  if (isObject(context.extra)) return { authorization: authorizationParam(context.connectionParams), holder: context.extra, transport: 'socket' };
  const req = context.req;
  if (isObject(req) && isObject((req as { headers?: unknown }).headers)) {
    const headers = (req as HttpRequestLike).headers;
    return { authorization: headers['authorization'], holder: req, transport: 'http' };
  }
  // graphql-ws's own context, when the app hands it over as `req`.
  if (isObject(req) && 'connectionParams' in req) {
    const socket = req as { connectionParams?: unknown; extra?: unknown };
    return { authorization: authorizationParam(socket.connectionParams), holder: isObject(socket.extra) ? socket.extra : req, transport: 'socket' };
  }
  return undefined;
}

function authorizationParam(params: unknown): unknown {
  if (!isObject(params)) return undefined;
  const values = params as Record<string, unknown>;
  return values['authorization'] ?? values['Authorization'];
}

function isObject(value: unknown): value is PrincipalHolder {
  return typeof value === 'object' && value !== null;
}
