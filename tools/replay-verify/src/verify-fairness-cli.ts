import { describeEventStore, openEventStore, storageConfigFromEnv } from '@corbeille/infrastructure';
import { FAIRNESS_SCHEME_V2 } from '@corbeille/integrity';
import { verifyStoreFairness } from './verify-fairness';

/**
 * `npm run verify-fairness [-- --game <id>] [--require-revealed]`: recomputes every game's random outcomes
 * (from each unit's committed sub-seed, or an hmac-sha256-v1 game's revealed seed) and checks them, its
 * outcomes, checksums and plan commitments against the log; exits 1 on any mismatch (or, with
 * --require-revealed, on a v1 game whose seed is not revealed).
 */
async function main(): Promise<void> {
  const config = storageConfigFromEnv();
  const store = openEventStore(config);
  try {
    const gameFlag = process.argv.indexOf('--game');
    const gameId = gameFlag >= 0 ? process.argv[gameFlag + 1] : undefined;
    const requireRevealed = process.argv.includes('--require-revealed');
    const report = await verifyStoreFairness(store, { ...(gameId ? { gameId } : {}), requireRevealed });
    for (const { gameId: id, gameType, report: game } of report.games) {
      const seeds = game.epochs === 1 ? 'seed' : `${game.epochs} seeds`;
      const provable =
        game.commitment === undefined
          ? 'no seed commitment'
          : game.scheme === FAIRNESS_SCHEME_V2
            ? `${game.scheme}, every draw with its own sub-seed`
            : game.seedRevealed
              ? `${seeds} revealed`
              : `${game.drawsPending} draws await their seed's reveal`;
      const engine = game.engine ? `${game.engine.game} v${game.engine.version}` : 'no engine pin';
      console.log(
        `${id} (${gameType}, ${engine}, ${provable}): ${game.ok ? 'ok' : 'MISMATCH'}; ${game.drawsChecked} draws recomputed, ` +
          `${game.commandsReplayed} commands decided again, ${game.checksumsChecked} checksums, ${game.commitmentsChecked} plan commitments`,
      );
      for (const mismatch of game.mismatches) {
        console.log(`  - ${mismatch.kind} at revision ${mismatch.revision}, position ${mismatch.position}: ${mismatch.message}`);
      }
    }
    console.log(`${report.games.length} games checked against ${describeEventStore(config)}: ${report.ok ? 'all fair' : 'MISMATCH'}`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
