import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import request from 'supertest';
import { startTestApp, type TestApp } from '../testing/test-app';

const API_DIR = join(__dirname, '..', '..');
const REPO_ROOT = join(API_DIR, '..', '..');
const DASHBOARD = 'http://localhost:3000';
const QUERY = { query: '{ games(first: 1) { totalCount } }' };

describe('security headers and CORS', () => {
  let api: TestApp;
  const figures: string[] = [];

  beforeAll(async () => {
    api = await startTestApp();
  });

  afterAll(async () => {
    await api.close();
    console.log(`Security headers and CORS:\n  ${figures.join('\n  ')}`);
  });

  it('sends a strict policy with every API answer', async () => {
    const answer = await request(api.app.getHttpServer()).post('/graphql').set('content-type', 'application/json').send(QUERY);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'content-security-policy': "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'",
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
      'strict-transport-security': expect.stringContaining('max-age='),
    });
    expect(answer.headers['x-powered-by']).toBeUndefined();
    const health = await request(api.app.getHttpServer()).get('/health');
    expect(health.headers['content-security-policy']).toContain("default-src 'none'");
    figures.push(`API answers: ${Object.keys(answer.headers).filter((name) => /^(content-security|x-|strict|referrer|cross-origin)/.test(name)).length} security headers, no X-Powered-By`);
  });

  it('lets the GraphiQL page load its scripts, and only that page', async () => {
    const page = await request(api.app.getHttpServer()).get('/graphql').set('accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('graphiql');
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toContain('unpkg');
    expect(policy).toContain("connect-src 'self' ws: wss:");
    expect(policy).toContain("frame-ancestors 'none'");
    figures.push(`GraphiQL page: CSP "${policy}"`);
  });

  it('does not serve GraphiQL when it is turned off (the production default)', async () => {
    const closed = await startTestApp({ config: { graphiql: false } });
    try {
      const page = await request(closed.app.getHttpServer()).get('/graphql').set('accept', 'text/html');
      expect(page.text).not.toContain('graphiql');
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    } finally {
      await closed.close();
    }
  });

  it('answers CORS for the configured origins only', async () => {
    const server = api.app.getHttpServer();
    const preflight = (origin: string) =>
      request(server).options('/graphql').set('origin', origin).set('access-control-request-method', 'POST').set('access-control-request-headers', 'content-type,authorization');
    const allowed = await preflight(DASHBOARD);
    expect(allowed.status).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(DASHBOARD);
    expect(allowed.headers['access-control-allow-headers']).toContain('authorization');
    expect(allowed.headers['access-control-allow-methods']).toContain('POST');
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();

    const post = (origin: string) => request(server).post('/graphql').set('origin', origin).set('content-type', 'application/json').send(QUERY);
    expect((await post(DASHBOARD)).headers['access-control-allow-origin']).toBe(DASHBOARD);
    expect((await post('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();

    const configured = await startTestApp({ config: { corsOrigins: ['https://corbeille.example'] } });
    try {
      const answer = await request(configured.app.getHttpServer()).post('/graphql').set('origin', 'https://corbeille.example').set('content-type', 'application/json').send(QUERY);
      expect(answer.headers['access-control-allow-origin']).toBe('https://corbeille.example');
      const dashboard = await request(configured.app.getHttpServer()).post('/graphql').set('origin', DASHBOARD).set('content-type', 'application/json').send(QUERY);
      expect(dashboard.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await configured.close();
    }
    figures.push(`CORS: ${DASHBOARD} (default) and a configured origin allowed; https://evil.example gets no Access-Control-Allow-Origin`);
  });

  it('refuses to start in production without AUTH_SECRET', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'corbeille-secret-'));
    const started = Date.now();
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
      delete env['AUTH_SECRET'];
      const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], { cwd: API_DIR, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
      const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      clearTimeout(timer);
      expect(code).toBe(1);
      expect(output).toContain('AUTH_SECRET must be set when NODE_ENV=production');
      expect(output).not.toContain('GraphQL on');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    figures.push(`production without AUTH_SECRET: exit code 1 in ${Date.now() - started} ms, nothing listening`);
  }, 60_000);

  it('keeps no secret in the repository', () => {
    const offending: string[] = [];
    let scanned = 0;
    const patterns: readonly [string, RegExp][] = [
      ['private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
      ['API token', /\bcbk_[A-Za-z0-9_-]{40,}/],
      ['AUTH_SECRET value', /AUTH_SECRET\s*[=:]\s*['"]?(?!\$\{|\$\(|['"]|options\.|process\.)[^\s'"]{8,}/],
    ];
    // The patterns find what they are meant to find.
    const samples = [`-----BEGIN RSA ${'PRIVATE'} KEY-----`, `cbk_${'A'.repeat(43)}`, 'AUTH_SECRET=0123456789abcdef0123456789abcdef'];
    expect(samples.map((sample) => patterns.some(([, pattern]) => pattern.test(sample)))).toEqual([true, true, true]);
    expect(patterns.some(([, pattern]) => pattern.test('AUTH_SECRET: ${AUTH_SECRET:?set it}'))).toBe(false);
    const skip = new Set(['node_modules', '.git', 'dist', '.next', '.nx', 'coverage', 'data']);
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        if (skip.has(name)) continue;
        const path = join(dir, name);
        const stat = statSync(path);
        if (stat.isDirectory()) {
          walk(path);
          continue;
        }
        if (name.startsWith('.env')) offending.push(`${relative(REPO_ROOT, path)}: an environment file`);
        if (stat.size > 2_000_000 || !/\.(ts|tsx|js|mjs|cjs|json|ya?ml|md|sh|env|toml)$|^Dockerfile$/.test(name)) continue;
        if (name === 'package-lock.json') continue;
        scanned += 1;
        const text = readFileSync(path, 'utf8');
        // Tests start servers with throwaway secrets; they are not secrets of any deployment.
        const isTest = /\.(unit|int|e2e)\.spec\.tsx?$/.test(name) || path.includes(`${join('tools', 'crash-harness')}`);
        for (const [what, pattern] of patterns) {
          if (what === 'AUTH_SECRET value' && isTest) continue;
          if (pattern.test(text)) offending.push(`${relative(REPO_ROOT, path)}: ${what}`);
        }
      }
    };
    walk(REPO_ROOT);
    expect(scanned).toBeGreaterThan(100);
    expect(offending).toEqual([]);
    figures.push(`secrets: ${scanned} files scanned for private keys, API tokens and AUTH_SECRET values: none`);
  });
});
