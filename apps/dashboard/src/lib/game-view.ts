import { describeError, type Requester } from './graphql';
import {
  fetchEventStream,
  fetchGame,
  fetchLegalActions,
  fetchSnapshot,
  fetchSnapshots,
  fetchTimeline,
  MAX_MARK_PAGES,
  type GameDetail,
  type PlayerActions,
} from './queries';
import { marksToSample, netWorthPoints, timelineMarks, type NetWorthPoint, type TimelineMark } from './timeline';
import type { GameEvent, GameSnapshot } from './types';

/** Most snapshots fetched for the net-worth chart (one aliased request). */
export const MAX_NET_WORTH_POINTS = 40;
/** Most events read to find round ends (pages of 100). */
export const MAX_TIMELINE_EVENTS = 3000;
export const RECENT_EVENTS = 10;

export interface NetWorthHistory {
  readonly marks: TimelineMark[];
  readonly points: NetWorthPoint[];
  /** True when there were more round ends than points fetched. */
  readonly sampled: boolean;
}

/** Net worth at the start and at each round end, from one batch of time-travel snapshots. */
export async function loadNetWorthHistory(request: Requester, id: string, events: readonly GameEvent[]): Promise<NetWorthHistory> {
  const marks = timelineMarks(events);
  const sample = marksToSample(marks, MAX_NET_WORTH_POINTS);
  const snapshots = await fetchSnapshots(
    request,
    id,
    sample.map((mark) => mark.position),
  );
  return { marks, points: netWorthPoints(sample, snapshots), sampled: sample.length < marks.length };
}

/** Every player's legal moves, or why they could not be read (the rest of the board still shows). */
export interface LegalActionsResult {
  readonly legalActions: PlayerActions[];
  readonly legalActionsError: string | null;
}

export async function loadLegalActions(request: Requester, game: GameDetail): Promise<LegalActionsResult> {
  if (game.phase === 'FINISHED') return { legalActions: [], legalActionsError: null };
  try {
    return { legalActions: await fetchLegalActions(request, game.id, game.players), legalActionsError: null };
  } catch (error) {
    return { legalActions: [], legalActionsError: describeError(error).message };
  }
}

export interface GameView extends LegalActionsResult {
  readonly game: GameDetail;
  readonly netWorth: NetWorthHistory;
  /** Newest first. */
  readonly recentEvents: GameEvent[];
  readonly streamComplete: boolean;
  /** Position of the last event read (subscriptions resume after it). */
  readonly lastEventPosition: number;
}

/**
 * Everything the live board shows, in at most BOARD_REQUESTS requests however long the game (it is
 * rendered again on every event of a game in play, so its cost is paid often): the game, every
 * player's legal actions, the marks and recent events (fetchTimeline), and the net-worth snapshots.
 */
export async function loadGameView(request: Requester, id: string): Promise<GameView | null> {
  const game = await fetchGame(request, id);
  if (game === null) return null;
  const [actions, timeline] = await Promise.all([loadLegalActions(request, game), fetchTimeline(request, id, RECENT_EVENTS)]);
  const recent = timeline?.recent ?? [];
  const netWorth = await loadNetWorthHistory(request, id, timeline?.marks ?? []);
  return {
    game,
    ...actions,
    netWorth,
    recentEvents: [...recent].reverse(),
    streamComplete: timeline?.complete ?? true,
    lastEventPosition: recent[recent.length - 1]?.position ?? game.lastPosition,
  };
}

/** The most requests loadGameView makes: the game, the legal actions, the timeline's pages, the snapshots. */
export const BOARD_REQUESTS = 1 + 1 + MAX_MARK_PAGES + 1;

export interface ReplayView {
  readonly game: GameDetail;
  readonly events: GameEvent[];
  readonly streamComplete: boolean;
  readonly netWorth: NetWorthHistory;
  readonly initialIndex: number;
  readonly initialSnapshot: GameSnapshot | null;
}

/** The stream, the charts' data and the snapshot at the requested position (the last event by default). */
export async function loadReplayView(request: Requester, id: string, position: number | null): Promise<ReplayView | null> {
  const game = await fetchGame(request, id);
  if (game === null) return null;
  const stream = await fetchEventStream(request, id, MAX_TIMELINE_EVENTS);
  const events = stream?.events ?? [];
  let initialIndex = events.length - 1;
  if (position !== null) {
    const at = events.findLastIndex((event) => event.position <= position);
    initialIndex = at < 0 ? 0 : at;
  }
  const target = events[initialIndex];
  const [netWorth, initialSnapshot] = await Promise.all([
    loadNetWorthHistory(request, id, events),
    target === undefined ? Promise.resolve(null) : fetchSnapshot(request, id, target.position),
  ]);
  return { game, events, streamComplete: stream?.complete ?? true, netWorth, initialIndex: Math.max(0, initialIndex), initialSnapshot };
}
