import { randomBytes } from 'node:crypto';
import { BCRYPT_SALT_BYTES, checkPasswordLength, hashPassword, verifyPassword } from '@corbeille/identity';

export { MAX_PASSWORD_BYTES } from '@corbeille/identity';

/**
 * bcrypt hashing, with the hash function of `@corbeille/identity` (the one the demo seed uses too) and a
 * salt from the operating system. Only the hash reaches a command; the password never leaves this class.
 */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly rounds: number) {}

  hash(password: string): Promise<string> {
    checkPasswordLength(password);
    return hashPassword(password, this.rounds, randomBytes(BCRYPT_SALT_BYTES));
  }

  verify(password: string, hash: string): Promise<boolean> {
    return verifyPassword(password, hash);
  }

  /** Spends the time of a real comparison, so an unknown email answers as slowly as a wrong password. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= this.hash('no account has this password');
    await verifyPassword(password, await this.dummy);
    return false;
  }
}
