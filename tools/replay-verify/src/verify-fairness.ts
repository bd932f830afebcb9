import type { EventStore } from '@corbeille/event-store';
import { FAIRNESS_SCHEME_V2, integrityStreamOf, verifyFairness, type FairnessReport } from '@corbeille/integrity';
import { fairnessFoldOf, gameOfStream, UnknownEngineVersionError } from '@corbeille/projections';
import { gameStreams } from './verify-replay';

export interface GameFairnessCheck {
  readonly gameId: string;
  readonly gameType: string;
  readonly report: FairnessReport;
}

export interface StoreFairnessReport {
  readonly games: readonly GameFairnessCheck[];
  readonly ok: boolean;
}

export interface VerifyStoreFairnessOptions {
  /** Only this game. */
  readonly gameId?: string;
  /**
   * Also fail games whose chance is not provable (no seed commitment) or not all checked: a v1 game whose seed
   * is not revealed yet (a v2 game's draws are all checked with their own sub-seeds, at any time).
   */
  readonly requireRevealed?: boolean;
}

/**
 * Runs the fairness verifier (docs/integrity.md) over every game in the log: draws recomputed from the
 * revealed seed, commands that drew decided again with the pinned engine, round/month checksums re-folded,
 * plan commitments checked. Reads the whole log, secrets included: this is the operator's tool.
 */
export async function verifyStoreFairness(store: EventStore, options: VerifyStoreFairnessOptions = {}): Promise<StoreFairnessReport> {
  const games: GameFairnessCheck[] = [];
  for (const [streamId, gameId] of await gameStreams(store)) {
    if (options.gameId !== undefined && gameId !== options.gameId) continue;
    const routed = gameOfStream(streamId);
    if (!routed) continue;
    const [events, integrity] = await Promise.all([store.readStream(streamId), store.readStream(integrityStreamOf(gameId))]);
    games.push({ gameId, gameType: routed.game.type, report: verifyFairness(routed.game, events, integrity, foldOf(routed.game, events)) });
  }
  const passes = (check: GameFairnessCheck): boolean =>
    check.report.ok && (!options.requireRevealed || (check.report.commitment !== undefined && check.report.drawsPending === 0 && (check.report.seedRevealed || check.report.scheme === FAIRNESS_SCHEME_V2)));
  return { games, ok: games.every(passes) };
}

/** How rewinds count (none for an engine version this build lacks: the verifier reports that one). */
function foldOf(game: Parameters<typeof fairnessFoldOf>[0], events: Parameters<typeof fairnessFoldOf>[1]) {
  try {
    return fairnessFoldOf(game, events);
  } catch (error) {
    if (error instanceof UnknownEngineVersionError) return undefined;
    throw error;
  }
}
