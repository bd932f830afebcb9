import { describeEventStore, openEventStore, storageConfigFromEnv } from '@corbeille/infrastructure';
import { createProjectionEngine } from '@corbeille/projections';
import { verifyReplay } from './verify-replay';

/** `npm run verify-replay`: exits 1 when any game's read models disagree with its events. */
async function main(): Promise<void> {
  const config = storageConfigFromEnv();
  const store = openEventStore(config);
  const readModels = createProjectionEngine({ eventStore: store, path: config.readModelsPath });
  try {
    const report = await verifyReplay(store, readModels);
    for (const game of report.games) {
      const verdict = game.differences.length === 0 ? 'ok' : 'DIFFERS';
      console.log(`${game.gameId}: ${verdict} (${game.eventsFolded} events re-folded)`);
      for (const difference of game.differences) console.log(`  - ${difference}`);
    }
    for (const gameId of report.missing) console.log(`${gameId}: MISSING from the read models`);
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
