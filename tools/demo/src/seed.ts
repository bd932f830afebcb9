import { describeEventStore, openEventStore, openSeedStore, storageConfigFromEnv } from '@corbeille/infrastructure';
import { DEMO_CLASS_NAME, DEMO_LEAGUE_PLAYERS, DEMO_ORGANISER, DEMO_PASSWORD, DEMO_STUDENTS, DEMO_TEACHER } from './demo-people';
import { DEMO_LEAGUE, seedDemoLeague } from './demo-league';

/** `npm run seed`: seeds the demo accounts, league, games and class into the configured store (once). */
async function main(): Promise<void> {
  const config = storageConfigFromEnv();
  const store = openEventStore(config);
  const seeds = openSeedStore(config, store);
  try {
    const started = Date.now();
    const report = await seedDemoLeague({ store, seeds });
    if (report.skipped) {
      console.log(`Demo league already in ${describeEventStore(config)}: nothing to do.`);
    } else {
      if (report.accounts.length > 0) console.log(`  ${report.accounts.length} demo accounts`);
      if (report.league) console.log(`  ${DEMO_LEAGUE}: ${DEMO_ORGANISER.email} organises; its season's tables are the demo games`);
      for (const game of [...report.games, ...report.maxiBourseGames, ...report.classGames]) {
        console.log(`  ${game.gameId}: ${game.state.phase}, ${game.commands} commands, ${game.events} events`);
      }
      if (report.class) console.log(`  ${DEMO_CLASS_NAME}: ${DEMO_TEACHER.email} teaches ${DEMO_STUDENTS.size} students`);
      console.log(`Demo seeded into ${describeEventStore(config)} in ${Date.now() - started} ms.`);
    }
    console.log(`Demo accounts (demo data only), password "${DEMO_PASSWORD}":`);
    console.log(`  organiser: ${DEMO_ORGANISER.email}; players: ${[...DEMO_LEAGUE_PLAYERS.values()].map((player) => player.email).join(', ')}`);
    console.log(`  teacher: ${DEMO_TEACHER.email}; students: ${[...DEMO_STUDENTS.values()].map((student) => student.email).join(', ')}`);
  } finally {
    await seeds.close();
    await store.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
