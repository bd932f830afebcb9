/** A folded state at a stream revision, with the command ids it already includes (for idempotency). */
export interface Snapshot<State = unknown> {
  readonly revision: number;
  readonly state: State;
  readonly commandIds: readonly string[];
}

/** Where snapshots live. A snapshot is only a cache: losing it costs a longer fold, never correctness. */
export interface SnapshotStore {
  load(streamId: string): Promise<Snapshot | undefined>;
  save(streamId: string, snapshot: Snapshot): Promise<void>;
}

export class InMemorySnapshotStore implements SnapshotStore {
  private readonly snapshots = new Map<string, Snapshot>();

  async load(streamId: string): Promise<Snapshot | undefined> {
    const snapshot = this.snapshots.get(streamId);
    // A structured copy so that callers folding from it cannot mutate the stored snapshot.
    return snapshot && structuredClone(snapshot);
  }

  async save(streamId: string, snapshot: Snapshot): Promise<void> {
    this.snapshots.set(streamId, structuredClone(snapshot));
  }
}
