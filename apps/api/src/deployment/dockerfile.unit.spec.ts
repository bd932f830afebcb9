import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * No Docker daemon runs where the tests run, so the image is checked as text: its stages, what the runtime
 * stages copy and run, the user and the health checks. (A build on a machine with Docker is the real test.)
 */
const root = join(__dirname, '..', '..', '..', '..');
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');

interface Stage {
  readonly name: string;
  readonly from: string;
  readonly instructions: readonly { readonly keyword: string; readonly args: string }[];
}

/** The Dockerfile's stages, with continuation lines joined and comments dropped. */
function stages(text: string): Stage[] {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  const found: { name: string; from: string; instructions: { keyword: string; args: string }[] }[] = [];
  for (const line of lines) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const match = /^(\S+)\s+AS\s+(\S+)$/i.exec(args);
      if (!match) throw new Error(`Every stage is named: "${line}"`);
      found.push({ from: match[1] as string, name: match[2] as string, instructions: [] });
    } else if (found.length > 0) {
      found[found.length - 1]?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return found;
}

const all = stages(dockerfile);
const stage = (name: string): Stage => {
  const found = all.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`No stage ${name}`);
  return found;
};
const args = (of: Stage, keyword: string) => of.instructions.filter((instruction) => instruction.keyword === keyword).map((instruction) => instruction.args);

describe('the Dockerfile', () => {
  it('builds in named stages and ends with the API, so a plain docker build makes the API image', () => {
    expect(all.map((candidate) => candidate.name)).toEqual(['base', 'deps', 'build', 'prod-deps', 'dashboard', 'api']);
  });

  it('compiles ahead and builds the dashboard once, in the build stage', () => {
    const run = args(stage('build'), 'RUN').join('\n');
    expect(run).toContain('tools/image/compile-workspaces.mjs --point-main');
    expect(run).toContain('NEXT_OUTPUT=standalone npm run build --workspace @corbeille/dashboard');
  });

  it('installs production dependencies only for the runtime', () => {
    const run = args(stage('prod-deps'), 'RUN').join('\n');
    expect(run).toMatch(/npm ci --omit=dev/);
  });

  it.each(['api', 'dashboard'])('runs the %s stage on a slim image, as a non-root user, with a health check and no npm or TypeScript at run time', (name) => {
    const runtime = stage(name);
    expect(runtime.from).toMatch(/-slim$/);
    const users = args(runtime, 'USER');
    expect(users).toEqual(['node']);
    // USER comes before the command, so the process never runs as root.
    const keywords = runtime.instructions.map((instruction) => instruction.keyword);
    expect(keywords.indexOf('USER')).toBeLessThan(keywords.indexOf('CMD'));
    expect(args(runtime, 'HEALTHCHECK')).toHaveLength(1);
    const [command] = args(runtime, 'CMD');
    expect(command).toMatch(/^\["node", "[^"]+\.js"\]$/);
    expect(command).not.toMatch(/npm|swc|ts-node|tsx|\.ts"/);
    // Nothing is built at start: no dev dependencies or sources are copied from the deps stage.
    expect(args(runtime, 'COPY').join('\n')).not.toMatch(/--from=deps/);
  });

  it('runs the compiled API, checks readiness, and copies only compiled code and production dependencies', () => {
    const api = stage('api');
    expect(args(api, 'CMD')).toEqual(['["node", "apps/api/dist/main.js"]']);
    expect(args(api, 'HEALTHCHECK')[0]).toContain('/health/ready');
    const copies = args(api, 'COPY');
    expect(copies).toContain('--from=prod-deps /app/node_modules node_modules');
    expect(copies).toContain('--from=build /app/apps/api/dist apps/api/dist');
    expect(copies.join('\n')).not.toMatch(/apps\/api\/src|--from=build \/app\/node_modules/);
    expect(args(api, 'ENV').join(' ')).toContain('NODE_ENV=production');
  });

  it('runs the dashboard from its standalone output', () => {
    const dashboard = stage('dashboard');
    expect(args(dashboard, 'CMD')).toEqual(['["node", "apps/dashboard/server.js"]']);
    expect(args(dashboard, 'COPY').join('\n')).toContain('/app/apps/dashboard/.next/standalone');
  });
});

describe('the compose files', () => {
  const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
  const cluster = readFileSync(join(root, 'docker-compose.cluster.yml'), 'utf8');

  it('publish the dashboard and the API, build each from its stage, and seed the demo only when asked', () => {
    expect(compose).toMatch(/dashboard:[\s\S]*?target: dashboard[\s\S]*?ports:\s*\n\s*- "3000:3000"/);
    expect(compose).toMatch(/api:[\s\S]*?target: api[\s\S]*?ports:\s*\n\s*- "4000:4000"/);
    expect(compose).toMatch(/demo-seed:[\s\S]*?profiles: \["demo"\]/);
    expect(compose).not.toMatch(/npm start|npm", "start/);
  });

  it('give every cluster instance the shared seeds key, the proxy hop, and no build at start', () => {
    expect(cluster).toMatch(/SEEDS_KEY: \$\{SEEDS_KEY:\?/);
    expect(cluster).toMatch(/TRUST_PROXY_HOPS: "?1"?/);
    expect(cluster).not.toMatch(/npm run build|npm", "run/);
    expect(cluster).toContain('limit_req_zone');
  });
});
