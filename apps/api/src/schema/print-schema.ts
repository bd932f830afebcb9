import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { InMemoryEventStore } from '@corbeille/event-store';
import { seededRandom } from '@corbeille/kernel';
import { createApp } from '../create-app';
import { SCHEMA_COMMAND, SCHEMA_FILE, schemaText } from './schema-text';

const REPO_ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * `npm run schema`: builds the API (in memory, in a temp directory, without listening) and writes its
 * schema to apps/api/schema.graphql. `-- --check` writes nothing and exits 1 when the file is stale.
 */
async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const text = await buildSchemaText();
  const path = join(REPO_ROOT, SCHEMA_FILE);
  if (check) {
    const current = readFileOrEmpty(path);
    if (current !== text) {
      console.error(`${SCHEMA_FILE} differs from the schema the API serves: run \`${SCHEMA_COMMAND}\` and commit the file.`);
      process.exitCode = 1;
      return;
    }
    console.log(`${SCHEMA_FILE} is up to date.`);
    return;
  }
  writeFileSync(path, text);
  console.log(`Wrote ${SCHEMA_FILE} (${text.split('\n').length - 1} lines).`);
}

export async function buildSchemaText(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'corbeille-schema-'));
  const eventStore = new InMemoryEventStore();
  const app = await createApp({
    config: { dataDir, eventsPath: join(dataDir, 'events.sqlite'), readModelsPath: ':memory:', eventStoreUrl: undefined },
    eventStore,
    randomSourceFactory: () => seededRandom(1),
    logger: false,
    deadlineTimers: false,
  });
  try {
    return schemaText(app.get(GraphQLSchemaHost).schema);
  } finally {
    await app.close();
    await eventStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function readFileOrEmpty(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
