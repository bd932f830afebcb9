import { Logger } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@corbeille/event-store';
import {
  ACCOUNT_STREAM_PREFIX,
  GAME_REFEREES_STREAM_PREFIX,
  GAME_RESULT_EXTRACTORS,
  LEAGUE_STREAM_PREFIX,
  emptySeasonStandings,
  evolveGameReferees,
  evolveLeague,
  extractGameResult,
  initialLeagueState,
  recomputeSeasonStandings,
  resultEventTypes,
  seasonStandingsInput,
  type AccountEvent,
  type ActiveLeague,
  type GameRefereesEvent,
  type GameResult,
  type GameResultExtractor,
  type LeagueEvent,
  type StandingsCause,
} from '@corbeille/identity';
import type { FilteredLogReader } from '../../infrastructure/catch-up-log';
import type { IdentityStore } from './identity.store';

/** What folding an event reads of it (a log reader's events have no id or recording time). */
type FoldedEvent = Pick<RecordedEvent, 'streamId' | 'type' | 'data' | 'metadata' | 'position'>;

const BATCH = 1000;
/** How far the position may run ahead of the saved checkpoint over events these read models ignore. */
const CHECKPOINT_EVERY = 10_000;

/**
 * Folds the global log into the identity read models: accounts and tokens from `account-*`, leagues from
 * `league-*`, and the results of finished games (any stream a result extractor recognises) into the
 * standings of the season whose table the game is. One transaction per batch, with its checkpoint.
 */
export class IdentityProjection {
  private readonly logger = new Logger('IdentityProjection');
  private subscription: Subscription | undefined;
  private position: number;
  /** The checkpoint as last saved. */
  private savedPosition: number;
  /** The only event types results are found in, when every extractor says which. */
  private readonly resultTypes: ReadonlySet<string> | undefined;
  private waiters: { position: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private failure: unknown;

  constructor(
    private readonly eventStore: EventStore,
    readonly store: IdentityStore,
    private readonly extractors: readonly GameResultExtractor[] = GAME_RESULT_EXTRACTORS,
  ) {
    this.position = store.checkpoint();
    this.savedPosition = this.position;
    const types = resultEventTypes(extractors);
    this.resultTypes = types ? new Set(types) : undefined;
  }

  /**
   * Catches up from the checkpoint, then follows the log live. Resolves once caught up. With a log reader
   * (the SQLite log the app opened), catching up reads only the accounts', leagues' and results' events;
   * SQLite skips the moves of games, most of the log, without handing them over. The reader is closed.
   */
  async start(catchUp?: FilteredLogReader): Promise<void> {
    if (this.subscription) return;
    const resultTypes = this.resultTypes && [...this.resultTypes];
    if (catchUp) {
      try {
        // An extractor that does not say which events it reads needs them all: the store's read below.
        while (resultTypes) {
          const page = catchUp.readMatching(this.position, BATCH, { streamPrefixes: [ACCOUNT_STREAM_PREFIX, LEAGUE_STREAM_PREFIX, GAME_REFEREES_STREAM_PREFIX], eventTypes: resultTypes });
          this.applyBatch(page.events);
          this.position = Math.max(this.position, page.scannedTo);
          if (page.events.length < BATCH) break;
        }
        this.persistCheckpoint();
      } finally {
        catchUp.close();
      }
    }
    for (;;) {
      const batch = await this.eventStore.readAll({ afterPosition: this.position, maxCount: BATCH });
      if (batch.length === 0) break;
      this.applyBatch(batch);
    }
    this.subscription = this.eventStore.subscribeToAll((event) => this.applyBatch([event]), {
      afterPosition: this.position,
      onError: (error) => this.fail(error),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.unsubscribe();
    this.subscription = undefined;
    if (!this.failure) this.persistCheckpoint();
    this.store.close();
  }

  checkpoint(): number {
    if (this.failure) throw this.failure;
    return this.position;
  }

  /** Resolves once every event up to `position` is folded (read-your-writes after a command). */
  waitFor(position: number, timeoutMs = 10_000): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.position >= position) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.resolve !== done);
        reject(new Error(`Identity read models did not reach position ${position} within ${timeoutMs} ms (at ${this.position})`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiters.push({
        position,
        resolve: done,
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  private applyBatch(events: readonly FoldedEvent[]): void {
    // Most of the log (every move of every game) is nothing to these read models: such events only move
    // the position on, and the checkpoint is saved with the next event that matters, or once
    // CHECKPOINT_EVERY positions have gone by, or at stop. A restart then re-reads a few ignored events.
    const relevant = events.filter((event) => event.position > this.position && this.concerns(event));
    const last = events[events.length - 1]?.position ?? this.position;
    if (relevant.length === 0) {
      if (last > this.position) {
        this.position = last;
        if (this.position - this.savedPosition >= CHECKPOINT_EVERY) this.persistCheckpoint();
      }
    } else {
      try {
        this.store.transaction(() => {
          for (const event of relevant) this.apply(event);
          this.position = Math.max(this.position, last);
          this.store.saveCheckpoint(this.position);
        });
        this.savedPosition = this.position;
      } catch (error) {
        // Rolled back: resume from what was committed.
        this.position = this.store.checkpoint();
        this.savedPosition = this.position;
        throw error;
      }
    }
    const ready = this.waiters.filter((waiter) => waiter.position <= this.position);
    this.waiters = this.waiters.filter((waiter) => waiter.position > this.position);
    for (const waiter of ready) waiter.resolve();
  }

  private persistCheckpoint(): void {
    if (this.position === this.savedPosition) return;
    this.store.transaction(() => this.store.saveCheckpoint(this.position));
    this.savedPosition = this.position;
  }

  /** Whether an event changes these read models: an account or league event, or a game's result. */
  private concerns(event: FoldedEvent): boolean {
    if (event.streamId.startsWith(ACCOUNT_STREAM_PREFIX) || event.streamId.startsWith(LEAGUE_STREAM_PREFIX)) return true;
    if (event.streamId.startsWith(GAME_REFEREES_STREAM_PREFIX)) return true;
    if (this.resultTypes && !this.resultTypes.has(event.type)) return false;
    return this.resultOf(event) !== undefined;
  }

  private resultOf(event: FoldedEvent): GameResult | undefined {
    return extractGameResult(
      { streamId: event.streamId, type: event.type, data: event.data, occurredAt: event.metadata.occurredAt },
      this.extractors,
    );
  }

  private fail(error: unknown): void {
    this.failure = error;
    this.logger.error(`Identity projection stopped: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    for (const waiter of this.waiters) waiter.reject(error);
    this.waiters = [];
  }

  private apply(event: FoldedEvent): void {
    if (event.streamId.startsWith(ACCOUNT_STREAM_PREFIX)) {
      this.applyAccountEvent({ type: event.type, data: event.data } as AccountEvent);
      return;
    }
    if (event.streamId.startsWith(LEAGUE_STREAM_PREFIX)) {
      this.applyLeagueEvent({ type: event.type, data: event.data } as LeagueEvent, event);
      return;
    }
    if (event.streamId.startsWith(GAME_REFEREES_STREAM_PREFIX)) {
      const change = { type: event.type, data: event.data } as GameRefereesEvent;
      const { gameType, gameId } = change.data;
      this.store.saveGameReferees(gameType, gameId, evolveGameReferees({ referees: this.store.namedRefereesOf(gameType, gameId) }, change).referees);
      return;
    }
    const result = this.resultOf(event);
    if (result) this.applyGameResult(result, event);
  }

  private applyAccountEvent(event: AccountEvent): void {
    const { store } = this;
    switch (event.type) {
      case 'AccountRegistered': {
        const { accountId, email, displayName, passwordHash, registeredAt } = event.data;
        store.saveAccount({ accountId, email, displayName, passwordHash, registeredAt });
        return;
      }
      case 'ApiTokenIssued': {
        const { accountId, tokenId, name, scopes, tokenHash, issuedAt } = event.data;
        store.saveToken({ tokenId, accountId, name, scopes, createdAt: issuedAt, lastUsedAt: null, revokedAt: null }, tokenHash);
        return;
      }
      case 'ApiTokenRevoked': {
        const token = store.tokenById(event.data.tokenId);
        if (token) store.updateToken({ ...token, revokedAt: event.data.revokedAt });
        return;
      }
      case 'ApiTokenUsed': {
        const token = store.tokenById(event.data.tokenId);
        if (token) store.updateToken({ ...token, lastUsedAt: event.data.usedAt });
        return;
      }
      default:
        return;
    }
  }

  private applyLeagueEvent(event: LeagueEvent, recorded: FoldedEvent): void {
    const { store } = this;
    const { leagueId } = event.data;
    // Notes on trades change no league: they have their own tables.
    if (event.type === 'TradeAnnotated') {
      const { annotationId, tradeId, trade, tableId, authorId, comment, flagged, score, annotatedAt } = event.data;
      store.saveAnnotation({ annotationId, leagueId, tradeId, trade, tableId, authorId, comment, flagged, score, annotatedAt, position: recorded.position });
      return;
    }
    if (event.type === 'TradeRationaleRecorded') {
      const { tradeId, trade, tableId, authorId, rationale, recordedAt } = event.data;
      store.saveRationale({ leagueId, tradeId, trade, tableId, authorId, rationale, recordedAt, position: recorded.position });
      return;
    }
    const league = evolveLeague(store.league(leagueId) ?? initialLeagueState(), event);
    if (league.status !== 'active') return;
    store.saveLeague(league);
    const cause = (reason: StandingsCause['reason'], table?: { tableId: string; gameType: string; gameId: string }): StandingsCause => ({
      reason,
      position: recorded.position,
      at: recorded.metadata.occurredAt,
      tableId: table?.tableId ?? null,
      gameType: table?.gameType ?? null,
      gameId: table?.gameId ?? null,
    });
    switch (event.type) {
      case 'LeagueMemberAdded':
        store.saveMember(leagueId, event.data.accountId, event.data.role);
        // A member may have played under their own account id before joining: their results now count for them.
        for (const season of league.seasons) this.recomputeSeason(league, season.seasonId, cause('MEMBERSHIP_CHANGED'));
        return;
      case 'LeagueMemberRoleChanged':
        store.saveMember(leagueId, event.data.accountId, event.data.to);
        return;
      case 'SeasonCreated':
        store.saveSeasonStandings(emptySeasonStandings(leagueId, event.data.seasonId));
        return;
      case 'TableScheduled': {
        const { seasonId, tableId, gameType, gameId } = event.data;
        store.saveTable({ leagueId, seasonId, tableId }, gameType, gameId);
        if (store.gameResult(gameType, gameId)) this.recomputeSeason(league, seasonId, cause('TABLE_SCHEDULED', event.data));
        return;
      }
      case 'PlayerSeated': {
        const { seasonId, tableId } = event.data;
        const table = league.seasons.find((season) => season.seasonId === seasonId)?.tables.find((candidate) => candidate.tableId === tableId);
        if (table && store.gameResult(table.gameType, table.gameId)) this.recomputeSeason(league, seasonId, cause('SEATING_CHANGED', table));
        return;
      }
      case 'SeasonClosed': {
        const { seasonId } = event.data;
        const model = store.seasonStandings(seasonId) ?? emptySeasonStandings(leagueId, seasonId);
        store.saveSeasonStandings({ ...model, closedAtPosition: recorded.position });
        return;
      }
      default:
        return;
    }
  }

  private applyGameResult(result: GameResult, recorded: FoldedEvent): void {
    const { store } = this;
    const previous = store.gameResult(result.gameType, result.gameId);
    store.saveGameResult({ result, position: recorded.position });
    const location = store.tableOfGame(result.gameType, result.gameId);
    const league = location ? store.league(location.leagueId) : undefined;
    if (!location || !league) return;
    this.recomputeSeason(league, location.seasonId, {
      reason: previous ? 'RESULT_CORRECTED' : 'GAME_RESULT',
      position: recorded.position,
      at: recorded.metadata.occurredAt,
      tableId: location.tableId,
      gameType: result.gameType,
      gameId: result.gameId,
    });
  }

  /** Closed seasons keep the standings they closed with. */
  private recomputeSeason(league: ActiveLeague, seasonId: string, cause: StandingsCause): void {
    const { store } = this;
    const model = store.seasonStandings(seasonId) ?? emptySeasonStandings(league.leagueId, seasonId);
    if (model.closedAtPosition !== null) return;
    const input = seasonStandingsInput(league, seasonId, (gameType, gameId) => store.gameResult(gameType, gameId));
    if (!input) return;
    store.saveSeasonStandings(recomputeSeasonStandings(model, input, cause));
  }
}
