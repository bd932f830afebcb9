import { describeEventStore, openEventStore, storageConfigFromEnv } from '@corbeille/infrastructure';
import { seedDemoLeague } from './demo-league';

/** `npm run seed`: plays the demo league into the configured store (once). */
async function main(): Promise<void> {
  const config = storageConfigFromEnv();
  const store = openEventStore(config);
  try {
    const started = Date.now();
    const report = await seedDemoLeague({ store });
    if (report.skipped) {
      console.log(`Demo league already in ${describeEventStore(config)}: nothing to do.`);
      return;
    }
    for (const game of report.games) {
      console.log(`  ${game.gameId}: ${game.state.phase}, ${game.commands} commands, ${game.events} events`);
    }
    console.log(`Demo league seeded into ${describeEventStore(config)} in ${Date.now() - started} ms.`);
  } finally {
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
