import { Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext, type GqlContextType } from '@nestjs/graphql';
import type { Principal } from '../../access/access.port';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';
import { AuthenticationService } from './authentication.service';

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
}

/**
 * Reads `Authorization: Bearer <token>` (HTTP) or `connectionParams.authorization` (graphql-ws) before
 * every resolver and route, and sets the principal on `req.principal` / the socket's `extra.principal`.
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
      const gqlContext = GqlExecutionContext.create(context).getContext<GraphQLContextLike>();
      const credential = credentialOf(gqlContext);
      if (credential) await this.authenticate(gqlContext, credential);
      return true;
    }
    if (type === 'http') {
      const request = context.switchToHttp().getRequest<HttpRequestLike>();
      try {
        await this.authenticate(request, { authorization: request.headers['authorization'], holder: request });
      } catch (error) {
        if (error instanceof Unauthenticated) throw new UnauthorizedException(error.message);
        throw error;
      }
    }
    return true;
  }

  private async authenticate(key: object, credential: Credential): Promise<void> {
    let pending = this.resolved.get(key);
    if (!pending) {
      pending = this.authentication.principalOf(credential.authorization);
      this.resolved.set(key, pending);
    }
    const principal = await pending;
    if (principal) credential.holder.principal = principal;
  }
}

function credentialOf(context: GraphQLContextLike | undefined): Credential | undefined {
  if (!context) return undefined;
  if (isObject(context.extra)) return { authorization: authorizationParam(context.connectionParams), holder: context.extra };
  const req = context.req;
  if (isObject(req) && isObject((req as { headers?: unknown }).headers)) {
    const headers = (req as HttpRequestLike).headers;
    return { authorization: headers['authorization'], holder: req };
  }
  // graphql-ws's own context, when the app hands it over as `req`.
  if (isObject(req) && 'connectionParams' in req) {
    const socket = req as { connectionParams?: unknown; extra?: unknown };
    return { authorization: authorizationParam(socket.connectionParams), holder: isObject(socket.extra) ? socket.extra : req };
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
