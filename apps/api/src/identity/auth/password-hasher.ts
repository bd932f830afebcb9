import bcrypt from 'bcryptjs';
import { InvalidInput } from '@corbeille/kernel';

/** bcrypt reads at most 72 bytes of a password; longer ones are refused rather than silently cut. */
export const MAX_PASSWORD_BYTES = 72;

/** bcrypt hashing (pure JS). Only the hash reaches a command; the password never leaves this class. */
export class PasswordHasher {
  private dummy: Promise<string> | undefined;

  constructor(private readonly rounds: number) {}

  hash(password: string): Promise<string> {
    if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
      throw new InvalidInput('PASSWORD_TOO_LONG', `A password may be at most ${MAX_PASSWORD_BYTES} bytes long`, { field: 'password' });
    }
    return bcrypt.hash(password, this.rounds);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }

  /** Spends the time of a real comparison, so an unknown email answers as slowly as a wrong password. */
  async verifyNothing(password: string): Promise<false> {
    this.dummy ??= bcrypt.hash('no account has this password', this.rounds);
    await bcrypt.compare(password, await this.dummy);
    return false;
  }
}
