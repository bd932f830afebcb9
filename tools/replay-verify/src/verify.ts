import { describeEventStore, openEventStore, storageConfigFromEnv } from '@corbeille/infrastructure';
import { createProjectionEngine } from '@corbeille/projections';
import { verifyReplay } from './verify-replay';

/**
 * `npm run verify-replay [-- --require-chain]`: exits 1 when any game's read models disagree with its
 * events or its hash chain is broken (or, with --require-chain, missing).
 */
async function main(): Promise<void> {
  const config = storageConfigFromEnv();
  const store = openEventStore(config);
  const readModels = createProjectionEngine({ eventStore: store, path: config.readModelsPath });
  try {
    const requireChain = process.argv.includes('--require-chain');
    const report = await verifyReplay(store, readModels, { requireChain });
    for (const game of report.games) {
      const verdict = game.differences.length === 0 ? 'ok' : 'DIFFERS';
      console.log(`${game.gameId}: ${verdict} (${game.eventsFolded} events re-folded)`);
      for (const difference of game.differences) console.log(`  - ${difference}`);
    }
    for (const gameId of report.missing) console.log(`${gameId}: MISSING from the read models`);
    for (const chain of report.chains) {
      if (chain.status === 'broken') console.log(`${chain.gameId}: CHAIN BROKEN (${chain.streamId}, ${chain.eventsChecked} events)`);
      else if (chain.status === 'unchained' || chain.legacyEvents > 0) {
        console.log(`${chain.gameId}: ${chain.legacyEvents} of ${chain.eventsChecked} events have no hash chain${requireChain ? ' (REQUIRED)' : ''}`);
      }
      for (const problem of chain.problems) console.log(`  - ${problem.kind} at revision ${problem.revision}, position ${problem.position}: ${problem.detail}`);
    }
    const count = (status: string): number => report.chains.filter((chain) => chain.status === status).length;
    console.log(`hash chains: ${count('verified')} verified, ${count('unchained')} without a chain, ${count('broken')} broken`);
    console.log(`${report.games.length} games checked up to position ${report.checkpoint} against ${describeEventStore(config)}: ${report.ok ? 'all match' : 'MISMATCH'}`);
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await readModels.stop();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
