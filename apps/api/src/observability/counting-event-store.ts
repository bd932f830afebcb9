import type { RecordingEventStore } from '@corbeille/application';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type RecordedEvent,
} from '@corbeille/event-store';
import type { ApiMetrics } from './api-metrics';

/**
 * The command handler's view of the store, counting what it appends and the appends refused for a stale
 * revision. The handler catches up and retries after such a refusal, so the next append to the same stream
 * is counted as a retry. Reads pass through untouched.
 */
export function countingEventStore(store: EventStore, metrics: ApiMetrics): EventStore {
  const conflicted = new Set<string>();
  const counted = async <T>(streamId: string, append: () => Promise<T>, written: (result: T) => number): Promise<T> => {
    if (conflicted.delete(streamId)) metrics.retries.inc();
    try {
      const result = await append();
      metrics.eventsAppended.inc(written(result));
      return result;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) {
        metrics.conflicts.inc();
        conflicted.add(streamId);
      }
      throw error;
    }
  };
  const wrapper: EventStore = {
    appendToStream: (streamId: string, events: readonly NewEvent[], expected: ExpectedRevision): Promise<AppendResult> =>
      counted(streamId, () => store.appendToStream(streamId, events, expected), () => events.length),
    readStream: (streamId, options) => store.readStream(streamId, options),
    streamRevision: (streamId) => store.streamRevision(streamId),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (handler, options) => store.subscribeToAll(handler, options),
    close: () => store.close(),
  };
  const recording = store as Partial<RecordingEventStore>;
  if (typeof recording.appendToStreamRecorded !== 'function') return wrapper;
  // Keep the store's recorded appends (the handler then needs no read after its append).
  const appendRecorded = recording.appendToStreamRecorded.bind(store);
  const recordingWrapper: RecordingEventStore = {
    ...wrapper,
    appendToStreamRecorded: (streamId, events, expected): Promise<{ readonly result: AppendResult; readonly events: RecordedEvent[] }> =>
      counted(streamId, () => appendRecorded(streamId, events, expected), () => events.length),
  };
  return recordingWrapper;
}
