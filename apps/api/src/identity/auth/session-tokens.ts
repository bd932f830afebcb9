import { SignJWT, errors, jwtVerify } from 'jose';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';
import type { Clock } from '../../infrastructure/system-clock';

export const SESSION_ISSUER = 'corbeille';
export const SESSION_AUDIENCE = 'corbeille-api';

export interface IssuedSession {
  readonly token: string;
  readonly expiresAt: string;
}

/** Signed-in sessions: HS256 JWTs whose subject is the account id, timed by the referee's clock. */
export class SessionTokens {
  constructor(
    private readonly secret: Uint8Array,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  async issue(accountId: string): Promise<IssuedSession> {
    const issuedAt = Math.floor(Date.parse(this.clock()) / 1000);
    const expiresAt = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(accountId)
      .setIssuer(SESSION_ISSUER)
      .setAudience(SESSION_AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.secret);
    return { token, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /** The account id of a valid session token; UNAUTHENTICATED otherwise. */
  async verify(token: string): Promise<string> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: ['HS256'],
        issuer: SESSION_ISSUER,
        audience: SESSION_AUDIENCE,
        currentDate: new Date(this.clock()),
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw new Unauthenticated('INVALID_TOKEN', 'This token is not valid');
      return payload.sub;
    } catch (error) {
      if (error instanceof Unauthenticated) throw error;
      if (error instanceof errors.JWTExpired) throw new Unauthenticated('TOKEN_EXPIRED', 'This session has expired; sign in again');
      if (error instanceof errors.JOSEError) throw new Unauthenticated('INVALID_TOKEN', 'This token is not valid');
      throw error;
    }
  }
}
