import { AuthConfigError, loadAuthConfig } from './auth-config';

describe('loadAuthConfig', () => {
  it('reads the secret and the settings from the environment', () => {
    const config = loadAuthConfig({ AUTH_SECRET: 's'.repeat(40), AUTH_SESSION_TTL_MINUTES: '30', AUTH_BCRYPT_ROUNDS: '4' });
    expect(config.secretSource).toBe('env');
    expect(new TextDecoder().decode(config.secret)).toBe('s'.repeat(40));
    expect(config.sessionTtlSeconds).toBe(1800);
    expect(config.bcryptRounds).toBe(4);
  });

  it('generates a secret per process when none is set', () => {
    const config = loadAuthConfig({}, () => Buffer.alloc(32, 7));
    expect(config).toMatchObject({ secretSource: 'generated', sessionTtlSeconds: 720 * 60, bcryptRounds: 10 });
    expect([...config.secret]).toEqual(Array(32).fill(7));
  });

  it.each([
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32'],
    [{ AUTH_BCRYPT_ROUNDS: '40' }, 'AUTH_BCRYPT_ROUNDS must be an integer from 4 to 15'],
    [{ AUTH_SESSION_TTL_MINUTES: 'soon' }, 'AUTH_SESSION_TTL_MINUTES'],
  ])('refuses %j', (env, message) => {
    expect(() => loadAuthConfig(env)).toThrow(AuthConfigError);
    expect(() => loadAuthConfig(env)).toThrow(message);
  });
});
