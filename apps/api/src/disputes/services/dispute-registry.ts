import type { EventStore, RecordedEvent, Subscription } from '@corbeille/event-store';
import { RuleViolation } from '@corbeille/kernel';
import {
  DEFAULT_DISPUTE_SETTINGS,
  DISPUTE_SETTINGS_STREAM_PREFIX,
  DISPUTE_STREAM_PREFIX,
  disputeDecider,
  disputeSettingsDecider,
  type DisputeEvent,
  type DisputeSettings,
  type DisputeSettingsEvent,
  type OpenedDispute,
} from '@corbeille/rulings';
import type { FilteredLogReader } from '../../infrastructure/catch-up-log';
import type { DisputeRegistryStore } from './dispute-registry.store';

/** Events read per batch while catching up; each batch is written with its checkpoint. */
const CATCH_UP_BATCH = 5_000;
/** How far the position may run ahead of the saved checkpoint over events that change no dispute. */
const CHECKPOINT_EVERY = 10_000;

/** A dispute as the registry knows it, with the global positions of its opening and of its last event. */
export type RegisteredDispute = OpenedDispute & { readonly openedPosition: number; readonly lastPosition: number };

/**
 * Every dispute and every game's dispute settings, folded from the `dispute-*` streams and followed live.
 * It answers "is this game paused?" at the command choke point, and lists disputes by game and league.
 * After writing a dispute event, wait for its position before reading here.
 *
 * The state is kept in memory and, with its checkpoint, in the read-models file (DisputeRegistryStore):
 * a restart loads it and reads the log only after the checkpoint. Live events are folded in memory as they
 * arrive (so `waitFor` resolves at once) and written once per turn of the event loop; a crash between the
 * two loses nothing, as the stored state and checkpoint always go together.
 */
export class DisputeRegistry {
  private readonly disputes = new Map<string, RegisteredDispute>();
  private readonly settings = new Map<string, DisputeSettings>();
  /** Changed since the last write. */
  private readonly unsavedDisputes = new Set<string>();
  private readonly unsavedSettings = new Set<string>();
  private waiters: { position: number; resolve: () => void }[] = [];
  private readonly changeListeners = new Set<(dispute: RegisteredDispute) => void>();
  private subscription: Subscription | undefined;
  private position = 0;
  private savedPosition = 0;
  private saving: NodeJS.Immediate | undefined;
  private failure: unknown;
  private startedFrom = 0;
  private readAtStart = 0;

  constructor(
    private readonly store: EventStore,
    private readonly persistence: DisputeRegistryStore,
  ) {}

  /**
   * Loads what was saved, catches up from its checkpoint, then follows the log live. With a log reader
   * (the SQLite log the app opened), catching up reads only the disputes' and their settings' streams;
   * SQLite skips the rest of the log without handing it over. The reader is closed.
   */
  async start(catchUp?: FilteredLogReader): Promise<void> {
    const stored = this.persistence.load();
    for (const dispute of stored.disputes) this.disputes.set(dispute.disputeId, dispute);
    for (const [gameId, settings] of stored.settings) this.settings.set(gameId, settings);
    this.position = stored.checkpoint;
    this.savedPosition = stored.checkpoint;
    this.startedFrom = stored.checkpoint;
    if (catchUp) {
      try {
        for (;;) {
          // DISPUTE_SETTINGS_STREAM_PREFIX starts with DISPUTE_STREAM_PREFIX: one prefix reads both.
          const page = catchUp.readMatching(this.position, CATCH_UP_BATCH, { streamPrefixes: [DISPUTE_STREAM_PREFIX] });
          this.readAtStart += page.events.length;
          for (const event of page.events) this.apply(event);
          this.position = Math.max(this.position, page.scannedTo);
          this.save({ force: true });
          if (page.events.length < CATCH_UP_BATCH) break;
        }
      } finally {
        catchUp.close();
      }
    }
    for (;;) {
      const batch = await this.store.readAll({ afterPosition: this.position, maxCount: CATCH_UP_BATCH });
      if (batch.length === 0) break;
      this.readAtStart += batch.length;
      for (const event of batch) this.apply(event);
      this.save();
    }
    this.subscription = this.store.subscribeToAll((event) => this.applyLive(event), {
      afterPosition: this.position,
      onError: (error) => {
        this.failure = error;
      },
    });
  }

  /**
   * Calls `listener` with each dispute a live event of the log opens or changes, whichever instance appended
   * it (live feeds follow the log, not the commands this instance handled). Returns the unsubscribe.
   */
  onLiveChange(listener: (dispute: RegisteredDispute) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** The position of the last event folded (for readiness and metrics); throws once following the log failed. */
  checkpoint(): number {
    if (this.failure) throw this.failure;
    return this.position;
  }

  /** Where the last start caught up from (its stored checkpoint) and how many events it read to catch up. */
  startReport(): { readonly fromPosition: number; readonly eventsRead: number } {
    return { fromPosition: this.startedFrom, eventsRead: this.readAtStart };
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    if (this.saving) clearImmediate(this.saving);
    this.saving = undefined;
    try {
      if (!this.failure) this.save({ force: true });
    } finally {
      this.persistence.close();
    }
  }

  /** Resolves once every event up to `position` is folded. */
  waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.position >= position) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`Disputes did not reach position ${position} within ${timeoutMs} ms (at ${this.position})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({ position, resolve: done });
    });
  }

  dispute(disputeId: string): RegisteredDispute | undefined {
    return this.disputes.get(disputeId);
  }

  /** Disputes matching every filter given, in the order they were opened. */
  list(filter: { gameId?: string | null; league?: string | null; status?: OpenedDispute['status'] | null }): RegisteredDispute[] {
    return [...this.disputes.values()]
      .filter((dispute) => (filter.gameId ? dispute.gameId === filter.gameId : true))
      .filter((dispute) => (filter.league ? dispute.league === filter.league : true))
      .filter((dispute) => (filter.status ? dispute.status === filter.status : true))
      .sort((a, b) => a.openedPosition - b.openedPosition);
  }

  settingsOf(gameId: string): DisputeSettings {
    return this.settings.get(gameId) ?? DEFAULT_DISPUTE_SETTINGS;
  }

  /** The open dispute that pauses the game, if any (the first opened). */
  pausingDispute(gameId: string): RegisteredDispute | undefined {
    return this.list({ gameId, status: 'open' }).find((dispute) => dispute.pausesGame);
  }

  /** A live event: folded now, written with the others of this turn of the event loop. */
  private applyLive(event: RecordedEvent): void {
    const changed = this.apply(event);
    if (changed !== undefined) for (const listener of this.changeListeners) listener(changed);
    this.saving ??= setImmediate(() => {
      this.saving = undefined;
      try {
        this.save();
      } catch (error) {
        // As a failing subscription would: waitFor reports it from now on.
        this.failure = error;
      }
    });
  }

  /**
   * Writes what changed since the last write, with the position reached. When nothing but the position
   * changed (the moves of games, most of the log), the checkpoint waits for the next change, for
   * CHECKPOINT_EVERY positions or for the stop: a restart then re-reads a few events that change nothing.
   */
  private save(options: { force?: boolean } = {}): void {
    if (this.position === this.savedPosition) return;
    const unchanged = this.unsavedDisputes.size === 0 && this.unsavedSettings.size === 0;
    if (unchanged && !options.force && this.position - this.savedPosition < CHECKPOINT_EVERY) return;
    this.persistence.save({
      checkpoint: this.position,
      disputes: [...this.unsavedDisputes].flatMap((disputeId) => this.disputes.get(disputeId) ?? []),
      settings: [...this.unsavedSettings].flatMap((gameId) => {
        const settings = this.settings.get(gameId);
        return settings ? [[gameId, settings] as const] : [];
      }),
    });
    this.unsavedDisputes.clear();
    this.unsavedSettings.clear();
    this.savedPosition = this.position;
  }

  /** Folds one event; returns the dispute it changed, if any. */
  private apply(event: Pick<RecordedEvent, 'streamId' | 'type' | 'data' | 'position'>): RegisteredDispute | undefined {
    if (event.position <= this.position) return undefined;
    let changed: RegisteredDispute | undefined;
    if (event.streamId.startsWith(DISPUTE_SETTINGS_STREAM_PREFIX)) {
      const gameId = event.streamId.slice(DISPUTE_SETTINGS_STREAM_PREFIX.length);
      this.settings.set(gameId, disputeSettingsDecider.evolve(this.settingsOf(gameId), { type: event.type, data: event.data } as DisputeSettingsEvent));
      this.unsavedSettings.add(gameId);
    } else if (event.streamId.startsWith(DISPUTE_STREAM_PREFIX)) {
      const disputeId = event.streamId.slice(DISPUTE_STREAM_PREFIX.length);
      const known = this.disputes.get(disputeId);
      const folded = disputeDecider.evolve(known ?? disputeDecider.initialState(), { type: event.type, data: event.data } as DisputeEvent);
      if (folded.status !== 'none') {
        changed = { ...folded, openedPosition: known?.openedPosition ?? event.position, lastPosition: event.position };
        this.disputes.set(disputeId, changed);
        this.unsavedDisputes.add(disputeId);
      }
    }
    this.position = event.position;
    const ready = this.waiters.filter((waiter) => waiter.position <= this.position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > this.position);
    for (const waiter of ready) waiter.resolve();
    return changed;
  }
}

/** The command choke point's check: a game with an open dispute that pauses it takes no commands. */
export function assertNotPaused(registry: DisputeRegistry, gameId: string): void {
  const pausing = registry.pausingDispute(gameId);
  if (!pausing) return;
  throw new RuleViolation(
    'GAME_PAUSED',
    `The game is paused until the referee rules on the dispute about event ${pausing.event.revision} (${pausing.event.type}): "${pausing.claim}"`,
    { gameId, disputeId: pausing.disputeId },
  );
}
