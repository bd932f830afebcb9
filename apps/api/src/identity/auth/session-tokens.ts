import { SignJWT, errors, jwtVerify } from 'jose';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';
import type { Clock } from '../../infrastructure/system-clock';

export const SESSION_ISSUER = 'corbeille';
export const SESSION_AUDIENCE = 'corbeille-api';
/** Live tickets are JWTs for another audience, so a ticket never verifies as a session (nor a session as a ticket). */
export const LIVE_TICKET_AUDIENCE = 'corbeille-live';
/** Tickets are told from sessions (JWTs) and API tokens (`cbk_`) by this prefix, before any verification. */
export const LIVE_TICKET_PREFIX = 'cbl_';
/** Long enough to open a socket after a page loads, short enough that a leaked ticket soon stops working. */
export const LIVE_TICKET_TTL_SECONDS = 5 * 60;

export interface IssuedSession {
  readonly token: string;
  readonly expiresAt: string;
}

export function isLiveTicket(token: string): boolean {
  return token.startsWith(LIVE_TICKET_PREFIX);
}

/**
 * Signed-in sessions and live tickets: HS256 JWTs whose subject is the account id, timed by the
 * referee's clock. A live ticket only opens a graphql-ws connection (see AuthenticationService).
 */
export class SessionTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  issue(accountId: string): Promise<IssuedSession> {
    return this.sign(accountId, SESSION_AUDIENCE, this.ttlSeconds);
  }

  async issueLiveTicket(accountId: string): Promise<IssuedSession> {
    const { token, expiresAt } = await this.sign(accountId, LIVE_TICKET_AUDIENCE, LIVE_TICKET_TTL_SECONDS);
    return { token: `${LIVE_TICKET_PREFIX}${token}`, expiresAt };
  }

  /** The account id of a valid session token; UNAUTHENTICATED otherwise. */
  verify(token: string): Promise<string> {
    return this.verifyFor(token, SESSION_AUDIENCE, () => new Unauthenticated('TOKEN_EXPIRED', 'This session has expired; sign in again'));
  }

  /** The account id of a valid live ticket (with its prefix); UNAUTHENTICATED otherwise. */
  verifyLiveTicket(ticket: string): Promise<string> {
    if (!isLiveTicket(ticket)) return Promise.reject(new Unauthenticated('INVALID_TOKEN', 'This token is not valid'));
    return this.verifyFor(ticket.slice(LIVE_TICKET_PREFIX.length), LIVE_TICKET_AUDIENCE, () => new Unauthenticated('TOKEN_EXPIRED', 'This live ticket has expired; ask for a new one'));
  }

  private async sign(accountId: string, audience: string, ttlSeconds: number): Promise<IssuedSession> {
    const issuedAt = Math.floor(Date.parse(this.clock()) / 1000);
    const expiresAt = issuedAt + ttlSeconds;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.secret);
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  private async verifyFor(token: string, audience: string, expired: () => Unauthenticated): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: SESSION_ISSUER,
        audience,
        currentDate: new Date(this.clock()),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Unauthenticated('INVALID_TOKEN', 'This token is not valid');
      return payload.sub;
    } catch (error) {
      if (error instanceof Unauthenticated) throw error;
      if (error instanceof errors.JWTExpired) throw expired();
      if (error instanceof errors.JOSEError) throw new Unauthenticated('INVALID_TOKEN', 'This token is not valid');
      throw error;
    }
  }
}
