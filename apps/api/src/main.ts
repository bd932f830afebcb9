import { Logger } from '@nestjs/common';
import { describeEventStore } from '@corbeille/infrastructure';
import { loadAppConfig } from './config/app-config';
import { bootstrap } from './create-app';

async function main(): Promise<void> {
  const config = loadAppConfig();
  const { url } = await bootstrap({ config, shutdownHooks: true });
  const logger = new Logger('Corbeille');
  logger.log(`Events: ${describeEventStore(config)}; read models: ${config.readModelsPath}`);
  logger.log(`GraphQL on ${url}/graphql, health on ${url}/health`);
}

main().catch((error: unknown) => {
  new Logger('Corbeille').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
