import { Logger } from '@nestjs/common';
import { describeEventStore } from '@corbeille/infrastructure';
import { loadAppConfig } from './config/app-config';
import { createApp, defaultLogger } from './create-app';
import { startStartupProbe } from './health/startup-probe';

async function main(): Promise<void> {
  const config = loadAppConfig();
  // Live but not ready while the projections catch up (a rebuild from the whole log takes a while).
  // (Port 0 asks for any free port: the probe's would not be the app's, so there is none then.)
  const probe = config.port === 0 ? undefined : await startStartupProbe(config.port, config.host);
  const app = await createApp({ config, shutdownHooks: true, logger: defaultLogger(config) });
  await probe?.close();
  await app.listen(config.port, config.host);
  const logger = new Logger('Corbeille');
  logger.log(`Events: ${describeEventStore(config)}; read models: ${config.readModelsPath}`);
  if (config.eventStoreUrl && config.seedsKey === undefined) {
    logger.warn('SEEDS_KEY is not set: the games\' secret seeds are kept in a file of this instance only. Set the same SEEDS_KEY on every instance that shares this event store, or games created on one cannot be played on another.');
  }
  // The port the server got (PORT=0 asks for any free one), which is what a launcher reads from this line.
  const address: unknown = app.getHttpServer().address();
  const port = typeof address === 'object' && address !== null && 'port' in address ? (address as { port: number }).port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  logger.log(`GraphQL on http://${host.includes(':') ? `[${host}]` : host}:${port}/graphql; health on /health/live and /health/ready; metrics on /metrics`);
}

main().catch((error: unknown) => {
  new Logger('Corbeille').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
