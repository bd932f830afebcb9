import { sampleEvenly } from './chart-scale';
import { asRecord, numberAt } from './json';
import { snapshotNetWorth } from './net-worth';
import type { GameSnapshot } from './types';

/** A light view of an event: enough to place it on the timeline. */
export interface TimelineEvent {
  readonly position: number;
  readonly revision: number;
  readonly type: string;
  readonly data: unknown;
}

export type MarkKind = 'start' | 'round' | 'end';

/** A moment worth a point on the net-worth chart: the opening closed, a round completed, the game ended. */
export interface TimelineMark {
  readonly kind: MarkKind;
  readonly round: number;
  readonly position: number;
  readonly revision: number;
  readonly label: string;
}

export function markOf(event: TimelineEvent): TimelineMark | undefined {
  const { position, revision } = event;
  switch (event.type) {
    case 'OpeningClosed':
      return { kind: 'start', round: 0, position, revision, label: 'Start' };
    case 'RoundCompleted': {
      const round = numberAt(asRecord(event.data), 'round') ?? 0;
      return { kind: 'round', round, position, revision, label: `Round ${round}` };
    }
    case 'GameEnded':
      return { kind: 'end', round: -1, position, revision, label: 'End' };
    default:
      return undefined;
  }
}

/** The marks of a stream in order; the end takes the number of the last completed round. */
export function timelineMarks(events: readonly TimelineEvent[]): TimelineMark[] {
  const marks: TimelineMark[] = [];
  for (const event of events) {
    const mark = markOf(event);
    if (mark === undefined) continue;
    const lastRound = marks.reduce((round, previous) => Math.max(round, previous.round), 0);
    marks.push(mark.kind === 'end' ? { ...mark, round: lastRound } : mark);
  }
  return marks;
}

/** The marks to fetch snapshots for: at most `max`, evenly spread, keeping the first and the last. */
export function marksToSample(marks: readonly TimelineMark[], max = 40): TimelineMark[] {
  return sampleEvenly(marks, max);
}

export interface NetWorthPoint {
  readonly mark: TimelineMark;
  /** Net worth in cents by player id (absent when the player had no portfolio yet). */
  readonly values: Readonly<Record<string, number>>;
}

/** Net worth of every player at each mark, from the snapshots fetched for those marks (same order). */
export function netWorthPoints(marks: readonly TimelineMark[], snapshots: readonly (GameSnapshot | null)[]): NetWorthPoint[] {
  const points: NetWorthPoint[] = [];
  marks.forEach((mark, index) => {
    const snapshot = snapshots[index];
    if (snapshot === null || snapshot === undefined) return;
    const values: Record<string, number> = {};
    for (const player of snapshot.players) {
      const worth = snapshotNetWorth(player);
      if (worth !== null) values[player.playerId] = worth;
    }
    points.push({ mark, values });
  });
  return points;
}
