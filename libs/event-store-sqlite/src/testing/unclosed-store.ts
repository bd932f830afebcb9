/**
 * A child process for the tests: appends one event to the SQLite file given as argument and exits
 * without closing the store. An idle writer thread must not keep the process alive. Prints the
 * append's result as JSON.
 */
import { openSqliteEventStore } from '../sqlite-event-store';

async function main(path: string): Promise<void> {
  const store = openSqliteEventStore(path, { writer: 'thread' });
  const metadata = { commandId: 'c1', actor: 'p1', correlationId: 'c1', causationId: 'c1', occurredAt: new Date().toISOString() };
  const result = await store.appendToStream('unclosed', [{ type: 'Appended', data: {}, metadata }], 'no-stream');
  process.stdout.write(JSON.stringify({ result, writer: store.writerMode }));
}

main(process.argv[2] ?? '').catch((error: unknown) => {
  process.stderr.write(String(error instanceof Error ? error.stack : error));
  process.exitCode = 1;
});
