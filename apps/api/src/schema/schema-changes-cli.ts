import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeSchemaChanges, schemaChanges } from './schema-changes';
import { SCHEMA_FILE } from './schema-text';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');
const DEFAULT_BASE = 'origin/main';

/**
 * `npm run schema:changes`: what the committed schema file changes for clients against the base branch
 * (SCHEMA_BASE, default origin/main; its merge base with HEAD when there is one). Prints every change
 * and exits 1 only for a breaking change; ALLOW_BREAKING_SCHEMA=1 reports it without failing (an
 * intended break, announced to clients). Without a base to compare (no such ref, or no schema file
 * there yet) it says why and exits 0.
 */
function main(): void {
  const base = process.env['SCHEMA_BASE']?.trim() || DEFAULT_BASE;
  const revision = git('rev-parse', '--verify', '--quiet', `${base}^{commit}`);
  if (revision === undefined) {
    console.log(`Schema changes: skipped, there is no ${base} to compare with (set SCHEMA_BASE to another ref).`);
    return;
  }
  const mergeBase = git('merge-base', 'HEAD', revision);
  const compared = mergeBase ?? revision;
  const before = git('show', `${compared}:${SCHEMA_FILE}`);
  if (before === undefined) {
    console.log(`Schema changes: skipped, ${SCHEMA_FILE} does not exist at ${base} (${compared.slice(0, 12)}).`);
    return;
  }
  const after = readFileSync(join(REPO_ROOT, SCHEMA_FILE), 'utf8');
  void schemaChanges(before, after).then((changes) => {
    const against = `${mergeBase ? 'the merge base with ' : ''}${base} (${compared.slice(0, 12)})`;
    const total = changes.breaking.length + changes.dangerous.length + changes.safe.length;
    console.log(`Schema changes against ${against}: ${changes.breaking.length} breaking, ${changes.dangerous.length} dangerous, ${changes.safe.length} safe.`);
    if (total > 0) for (const line of describeSchemaChanges(changes)) console.log(line);
    if (changes.breaking.length > 0) {
      if (process.env['ALLOW_BREAKING_SCHEMA'] === '1') {
        console.log('Breaking changes allowed by ALLOW_BREAKING_SCHEMA=1.');
      } else {
        console.log('Deprecate a field before removing it, or set ALLOW_BREAKING_SCHEMA=1 for an announced break.');
        process.exitCode = 1;
      }
    }
  });
}

/** Standard output of a git command, or undefined when it fails. */
function git(...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 }).replace(/\n$/, '');
  } catch {
    return undefined;
  }
}

main();
