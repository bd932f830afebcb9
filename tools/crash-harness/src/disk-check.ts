import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { RecordedEvent } from '@corbeille/event-store';
import { openEventStore } from '@corbeille/infrastructure';
import { STOCK_TICKER_GAME, createProjectionEngine } from '@corbeille/projections';
import { verifyReplay } from '@corbeille/tools-replay-verify';

/** What the clients know of a command: answered with its events, refused, or sent with no answer. */
export type CommandFate =
  | { readonly kind: 'acknowledged'; readonly eventIds: readonly string[] }
  | { readonly kind: 'refused'; readonly code: string }
  | { readonly kind: 'lost' };

export interface DiskReport {
  readonly problems: readonly string[];
  readonly events: number;
  readonly games: number;
  /** Events the read models on disk had not folded yet when the server died. */
  readonly projectionLag: number;
  /** Lost commands whose events are in the log (written, but the answer never arrived). */
  readonly lostButWritten: number;
  /** Whether the read models on disk had folded the whole log, so were compared model by model with the rebuild. */
  readonly comparedWithRebuild: boolean;
}

/**
 * Checks the data directory of a stopped server: the log holds every acknowledged command exactly once
 * and no refused one, each command's events side by side and in revision order, and the read models
 * left on disk, like a fresh rebuild, agree with the rules engine folding the events.
 */
export async function checkDataDir(dataDir: string, fates: ReadonlyMap<string, CommandFate>): Promise<DiskReport> {
  const problems: string[] = [];
  const store = openEventStore({ eventStoreUrl: undefined, eventsPath: join(dataDir, 'events.sqlite') });
  const freshDir = mkdtempSync(join(tmpdir(), 'corbeille-rebuild-'));
  try {
    const all: RecordedEvent[] = [];
    for (let after = 0; ; ) {
      const batch = await store.readAll({ afterPosition: after, maxCount: 1000 });
      if (batch.length === 0) break;
      all.push(...batch);
      after = batch[batch.length - 1]?.position ?? after;
    }
    const streams = new Map<string, RecordedEvent[]>();
    all.forEach((event, index) => {
      const previous = all[index - 1];
      if (previous && event.position <= previous.position) problems.push(`position ${event.position} after ${previous.position}`);
      const stream = streams.get(event.streamId) ?? [];
      stream.push(event);
      streams.set(event.streamId, stream);
    });

    const byCommand = new Map<string, RecordedEvent[]>();
    for (const [streamId, events] of streams) {
      let previous: string | undefined;
      events.forEach((event, revision) => {
        if (event.revision !== revision) problems.push(`${streamId}: event ${event.id} at revision ${event.revision}, expected ${revision}`);
        const commandId = event.metadata.commandId;
        const group = byCommand.get(commandId);
        if (group && previous !== commandId) problems.push(`${streamId}: command ${commandId} is split`);
        if (group) group.push(event);
        else byCommand.set(commandId, [event]);
        previous = commandId;
      });
    }

    let lostButWritten = 0;
    for (const [commandId, fate] of fates) {
      const written = byCommand.get(commandId)?.map((event) => event.id) ?? [];
      if (fate.kind === 'acknowledged' && written.join(' ') !== fate.eventIds.join(' ')) {
        problems.push(`acknowledged ${commandId}: log has [${written.join(', ')}], answer had [${fate.eventIds.join(', ')}]`);
      }
      if (fate.kind === 'refused' && written.length > 0) problems.push(`refused ${commandId} (${fate.code}) wrote ${written.length} events`);
      if (fate.kind === 'lost' && written.length > 0) lostButWritten += 1;
    }

    const onDisk = createProjectionEngine({ eventStore: store, path: join(dataDir, 'read-models.sqlite') });
    const fresh = createProjectionEngine({ eventStore: store, path: join(freshDir, 'read-models.sqlite') });
    let projectionLag = 0;
    let comparedWithRebuild = false;
    try {
      const crashed = await verifyReplay(store, onDisk);
      if (!crashed.ok) problems.push(`read models on disk: ${JSON.stringify({ missing: crashed.missing, games: crashed.games.filter((game) => game.differences.length) })}`);
      await fresh.start();
      const rebuilt = await verifyReplay(store, fresh);
      if (!rebuilt.ok) problems.push(`fresh rebuild: ${JSON.stringify(rebuilt.games.filter((game) => game.differences.length))}`);
      const last = all[all.length - 1]?.position ?? 0;
      projectionLag = all.filter((event) => event.position > onDisk.checkpoint()).length;
      if (onDisk.checkpoint() > last) problems.push(`read models at ${onDisk.checkpoint()}, ahead of the log (${last})`);
      if (onDisk.checkpoint() === fresh.checkpoint()) {
        comparedWithRebuild = true;
        for (const summary of fresh.listGames({ offset: 0, limit: 10_000 }).items) {
          const { gameId } = summary;
          if (!isDeepStrictEqual(onDisk.getPortfolios(gameId), fresh.getPortfolios(gameId))) problems.push(`${gameId}: portfolios differ from a fresh rebuild`);
          if (!isDeepStrictEqual(onDisk.getPriceBoard(gameId), fresh.getPriceBoard(gameId))) problems.push(`${gameId}: price board differs from a fresh rebuild`);
          if (!isDeepStrictEqual(onDisk.getGame(gameId), summary)) problems.push(`${gameId}: summary differs from a fresh rebuild`);
        }
      }
    } finally {
      await onDisk.stop();
      await fresh.stop();
    }
    const games = [...streams.keys()].filter((streamId) => streamId.startsWith(STOCK_TICKER_GAME.streamPrefix)).length;
    return { problems, events: all.length, games, projectionLag, lostButWritten, comparedWithRebuild };
  } finally {
    await store.close();
    rmSync(freshDir, { recursive: true, force: true });
  }
}
