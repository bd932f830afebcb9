import { bcryptSalt, emailDigest, hashPassword, verifyPassword } from './password-hashing';

describe('password hashing', () => {
  const salt = Array.from({ length: 16 }, (_, index) => index * 7);

  it('is bcrypt, the same hash for the same password, cost and salt', async () => {
    const hash = await hashPassword('correct horse battery', 4, salt);
    expect(hash).toMatch(/^\$2b\$04\$.{53}$/);
    expect(await hashPassword('correct horse battery', 4, salt)).toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });

  it('refuses salts of the wrong size, costs out of range and passwords bcrypt would cut', async () => {
    expect(() => bcryptSalt(4, [1, 2, 3])).toThrow(RangeError);
    expect(() => bcryptSalt(3, salt)).toThrow(RangeError);
    expect(() => hashPassword('é'.repeat(37), 4, salt)).toThrow(expect.objectContaining({ code: 'PASSWORD_TOO_LONG' }));
  });

  it('keys email claims by a digest the caller computes', () => {
    expect(emailDigest('ann@example.com', (text) => `sha(${text})`)).toBe('sha(email:ann@example.com)');
  });
});
