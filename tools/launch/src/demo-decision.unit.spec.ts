import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { decideDemoSeed } from './demo-decision';

describe('npm start seeds the demo league only when it may', () => {
  it('never seeds in production unless asked', () => {
    expect(decideDemoSeed([], { NODE_ENV: 'production' })).toMatchObject({ seed: false, reason: expect.stringContaining('NODE_ENV=production') });
  });

  it('seeds in production when asked with --demo, or with npm start --demo', () => {
    expect(decideDemoSeed(['--demo'], { NODE_ENV: 'production' }).seed).toBe(true);
    expect(decideDemoSeed([], { NODE_ENV: 'production', npm_config_demo: 'true' }).seed).toBe(true);
    expect(decideDemoSeed([], { NODE_ENV: 'production', npm_config_demo: 'false' }).seed).toBe(false);
  });

  it('seeds outside production (a fresh checkout plays the demo), unless --no-demo', () => {
    expect(decideDemoSeed([], {}).seed).toBe(true);
    expect(decideDemoSeed([], { NODE_ENV: 'development' }).seed).toBe(true);
    expect(decideDemoSeed(['--no-demo'], {}).seed).toBe(false);
    expect(decideDemoSeed(['--no-demo', '--demo'], {}).seed).toBe(false);
  });

  it('the image runs npm start in production without asking for the demo', () => {
    const dockerfile = readFileSync(resolve(__dirname, '..', '..', '..', 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^ENV\b.*\bNODE_ENV=production\b/m);
    expect(dockerfile).not.toContain('--demo');
    expect(decideDemoSeed([], { NODE_ENV: 'production' }).seed).toBe(false);
  });
});
