/**
 * A child process for the cross-process tests: appends to one stream of a shared SQLite file and
 * prints a JSON summary. Argument: a JSON-encoded AppendWorkerTask.
 */
import { type EventMetadata, WrongExpectedRevisionError } from '@corbeille/event-store';
import { openSqliteEventStore } from '../sqlite-event-store';

export type AppendWorkerTask =
  /** At `startAt` (epoch ms), append one event expecting revision 0. */
  | { readonly kind: 'race'; readonly path: string; readonly streamId: string; readonly worker: number; readonly startAt: number }
  /** Append `count` events one by one, re-reading the revision and retrying after each conflict. */
  | { readonly kind: 'retry'; readonly path: string; readonly streamId: string; readonly worker: number; readonly count: number };

export type AppendWorkerResult = { readonly won: boolean } | { readonly conflicts: number };

async function main(task: AppendWorkerTask): Promise<AppendWorkerResult> {
  const store = openSqliteEventStore(task.path);
  try {
    if (task.kind === 'race') {
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, task.startAt - Date.now())));
      try {
        await store.appendToStream(task.streamId, [event(task.worker, 0)], 0);
        return { won: true };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) return { won: false };
        throw error;
      }
    }
    let conflicts = 0;
    for (let index = 0; index < task.count; ) {
      const revision = await store.streamRevision(task.streamId);
      try {
        await store.appendToStream(task.streamId, [event(task.worker, index)], revision ?? 'no-stream');
        index += 1;
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        conflicts += 1;
      }
    }
    return { conflicts };
  } finally {
    await store.close();
  }
}

function event(worker: number, index: number) {
  const metadata: EventMetadata = {
    commandId: `worker-${worker}-${index}`,
    actor: `worker-${worker}`,
    correlationId: `worker-${worker}`,
    causationId: `worker-${worker}-${index}`,
    occurredAt: new Date().toISOString(),
  };
  return { type: 'Appended', data: { worker, index }, metadata };
}

main(JSON.parse(process.argv[2] ?? '') as AppendWorkerTask).then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (error: unknown) => {
    process.stderr.write(String(error instanceof Error ? error.stack : error));
    process.exitCode = 1;
  },
);
