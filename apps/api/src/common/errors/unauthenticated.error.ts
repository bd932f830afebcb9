/**
 * The request's credential is missing where one is required, or is invalid, expired or revoked.
 * Not a domain error: rules never decide who is signed in. Mapped to `UNAUTHENTICATED`.
 */
export class Unauthenticated extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'Unauthenticated';
  }
}
