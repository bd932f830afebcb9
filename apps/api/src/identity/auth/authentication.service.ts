import { Inject, Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_SCOPES, accountDecider, accountStreamId, millisBetween, API_TOKEN_USE_DEBOUNCE_MS } from '@corbeille/identity';
import type { Principal } from '../../access/access.port';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';
import { CLOCK } from '../../infrastructure/infrastructure.tokens';
import type { Clock } from '../../infrastructure/system-clock';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { ApiTokenRecordView } from '../read-models/identity-read-models';
import type { IdentityProjection } from '../read-models/identity.projection';
import { IdentityCommandsService } from '../services/identity-commands.service';
import { digestApiToken, isApiToken } from './credentials';
import { isLiveTicket, SessionTokens } from './session-tokens';

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** Where a credential arrived: an HTTP request, or a graphql-ws connection's `connectionParams`. */
export type Transport = 'http' | 'socket';

/** What a live ticket grants: reading, never playing, refereeing or managing (its operations: subscriptions). */
export const LIVE_TICKET_SCOPES = ['read'] as const;

/**
 * Who sent a request, from its `Authorization: Bearer <token>` value: a session JWT or an API token, or
 * over graphql-ws also a live ticket (read-only, for the browser's live connection).
 * No credential: undefined (the request stays anonymous). A credential that is malformed, unknown,
 * expired or revoked: UNAUTHENTICATED, never a silent downgrade to anonymous.
 */
@Injectable()
export class AuthenticationService {
  private readonly logger = new Logger('Authentication');
  /** Uses being recorded right now, so concurrent requests with one token record it once. */
  private readonly recording = new Map<string, Promise<void>>();

  constructor(
    private readonly sessions: SessionTokens,
    private readonly commands: IdentityCommandsService,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async principalOf(authorization: unknown, transport: Transport = 'http'): Promise<Principal | undefined> {
    if (authorization === undefined || authorization === null || authorization === '') return undefined;
    const match = typeof authorization === 'string' ? BEARER.exec(authorization) : null;
    const token = match?.[1];
    if (token === undefined) {
      throw new Unauthenticated('MALFORMED_AUTHORIZATION', 'Send credentials as "Authorization: Bearer <token>"');
    }
    if (isLiveTicket(token)) {
      if (transport !== 'socket') {
        throw new Unauthenticated('LIVE_TICKET_NOT_ACCEPTED', 'A live ticket only opens a live (graphql-ws) connection; send a session or API token here');
      }
      return this.fromLiveTicket(token);
    }
    return isApiToken(token) ? this.fromApiToken(token) : this.fromSession(token);
  }

  private async fromLiveTicket(ticket: string): Promise<Principal> {
    const accountId = await this.sessions.verifyLiveTicket(ticket);
    const account = this.projection.store.accountById(accountId);
    if (!account) throw new Unauthenticated('INVALID_TOKEN', 'This token is not valid');
    return { kind: 'account', accountId, displayName: account.displayName, scopes: LIVE_TICKET_SCOPES, via: 'live-ticket' };
  }

  private async fromSession(token: string): Promise<Principal> {
    const accountId = await this.sessions.verify(token);
    const account = this.projection.store.accountById(accountId);
    if (!account) throw new Unauthenticated('INVALID_TOKEN', 'This token is not valid');
    return { kind: 'account', accountId, displayName: account.displayName, scopes: ACCOUNT_SCOPES, via: 'session' };
  }

  private async fromApiToken(token: string): Promise<Principal> {
    const { store } = this.projection;
    const record = store.tokenByDigest(digestApiToken(token));
    const account = record ? store.accountById(record.accountId) : undefined;
    if (!record || !account) throw new Unauthenticated('INVALID_TOKEN', 'This API token is not valid');
    if (record.revokedAt !== null) throw new Unauthenticated('TOKEN_REVOKED', 'This API token has been revoked');
    await this.recordUse(record);
    return { kind: 'account', accountId: account.accountId, displayName: account.displayName, scopes: record.scopes, via: 'api-token' };
  }

  /** At most once a minute per token (the decider debounces too); a failure here never fails the request. */
  private async recordUse(token: ApiTokenRecordView): Promise<void> {
    if (token.lastUsedAt !== null && millisBetween(token.lastUsedAt, this.clock()) < API_TOKEN_USE_DEBOUNCE_MS) return;
    const pending =
      this.recording.get(token.tokenId) ??
      this.commands
        .execute(accountDecider, accountStreamId(token.accountId), { type: 'RecordApiTokenUse', data: { tokenId: token.tokenId } }, { actor: token.accountId })
        .then(
          () => undefined,
          (error: unknown) => this.logger.warn(`Could not record the use of API token ${token.tokenId}: ${String(error)}`),
        )
        .finally(() => this.recording.delete(token.tokenId));
    this.recording.set(token.tokenId, pending);
    await pending;
  }
}
