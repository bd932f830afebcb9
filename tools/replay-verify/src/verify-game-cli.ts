import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { verifyGameFile } from './verify-game';

/**
 * `npm run verify-game -- <file.ndjson>`: checks a game file offline (hash chain, replay, public chance);
 * exits 1 with each problem and its line when the file is not the game it claims to be.
 */
function main(): void {
  const [path] = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));
  if (path === undefined) {
    console.error('Usage: npm run verify-game -- <game.ndjson>   (a file from GET /games/<id>/export.ndjson)');
    process.exitCode = 2;
    return;
  }
  // npm runs the script in the workspace: a relative path is the caller's.
  const file = resolve(process.env['INIT_CWD'] ?? process.cwd(), path);
  const report = verifyGameFile(readFileSync(file, 'utf8'));
  const fairness = report.fairness;
  console.log(`${path}: ${report.gameType ?? '?'} game ${report.gameId ?? '?'}, ${report.events} events`);
  console.log(
    `  hash chain: ${report.chainChecked} hashes recomputed, ${report.linkChecked} events link-checked only (public metadata)${report.redacted > 0 ? `, ${report.redacted} hidden from this reader` : ''}`,
  );
  console.log(`  replay: ${report.eventsFolded} events folded${fairness ? `, ${fairness.commandsReplayed} commands that drew decided again, ${fairness.checksumsChecked} checksums` : ''}`);
  if (fairness) {
    const seed =
      fairness.commitment === undefined
        ? 'no seed commitment'
        : fairness.scheme === 'hmac-sha256-v2'
          ? 'hmac-sha256-v2 (the secret is never revealed: each public outcome is checked with its sub-seed, below)'
          : fairness.seedRevealed
            ? 'seed revealed'
            : 'seed not revealed yet';
    console.log(`  chance: ${seed}; ${fairness.drawsChecked} draws checked, ${fairness.drawsPending} pending, ${fairness.commitmentsChecked} commitments checked`);
  }
  const published = report.publishedFairness;
  if (published) {
    console.log(`  public chance: ${published.unitsChecked} units in their committed batch, ${published.seedsChecked} sub-seeds and ${published.drawsChecked} draws recomputed, ${published.positionsChecked} card positions opened`);
  }
  for (const note of report.notes) console.log(`  note: ${note}`);
  for (const problem of report.problems) console.log(`  line ${problem.line || '-'}: ${problem.message}`);
  console.log(report.ok ? 'OK: the file is the game it claims to be' : `REFUSED: ${report.problems.length} problems`);
  process.exitCode = report.ok ? 0 : 1;
}

main();
