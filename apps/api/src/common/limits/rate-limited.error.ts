/** A request over a rate limit (RATE_LIMITED); mapped to GraphQL in domain-error.filter.ts. */
export class RateLimited extends Error {
  constructor(
    /** 'ip' or 'token': which limit was reached. */
    readonly limitName: string,
    readonly limit: number,
    readonly windowSeconds: number,
    readonly retryAfterSeconds: number,
  ) {
    const who = limitName === 'token' ? 'with this token' : 'from this address';
    super(
      `Too many requests ${who}: at most ${limit} every ${windowSeconds} seconds. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    );
    this.name = 'RateLimited';
  }
}
