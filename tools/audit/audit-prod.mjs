#!/usr/bin/env node
// npm audit of the production dependencies (npm run audit:prod). Exit codes: 0 no high or critical
// advisory; 1 at least one; 2 the registry's audit endpoint could not be asked (nothing was checked).
// Needs a registry whose audit endpoint answers (POST /-/npm/v1/security/advisories/bulk); a mirror
// or proxy that only serves packages answers 405 or 404, which is reported as such, never as "clean".
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = spawnSync(npm, ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8', timeout: 120_000 });

let report;
try {
  report = JSON.parse(run.stdout || '{}');
} catch {
  report = {};
}

const vulnerabilities = report?.metadata?.vulnerabilities;
if (!vulnerabilities) {
  const why = report?.message ?? report?.error?.summary ?? (run.error ? String(run.error) : (run.stderr || '').trim().split('\n').pop());
  console.error(`npm audit could not ask the registry's audit endpoint: ${why || 'no answer'}.`);
  console.error('Nothing was checked. Run `npm run audit:prod` where the registry audit endpoint is reachable.');
  process.exit(2);
}

const { info = 0, low = 0, moderate = 0, high = 0, critical = 0 } = vulnerabilities;
const total = report?.metadata?.dependencies?.prod ?? report?.metadata?.dependencies?.total;
console.log(`npm audit --omit=dev: ${total ?? '?'} production dependencies; advisories: critical ${critical}, high ${high}, moderate ${moderate}, low ${low}, info ${info}`);
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  if (entry.severity === 'high' || entry.severity === 'critical') console.log(`  ${entry.severity}: ${name} ${entry.range ?? ''}${entry.fixAvailable ? ' (fix available)' : ''}`);
}
process.exit(high + critical > 0 ? 1 : 0);
