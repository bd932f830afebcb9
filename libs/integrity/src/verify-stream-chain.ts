import type { EventStore, RecordedEvent } from '@corbeille/event-store';
import { chainHash, chainOf } from './chain';
import { HashChainedEventStore } from './hash-chained-event-store';

export type ChainProblemKind = 'changed' | 'missing' | 'reordered' | 'broken-link' | 'unchained';

export interface ChainProblem {
  /** The revision the problem is about (for 'missing', the first revision that is gone). */
  readonly revision: number;
  /** The global position of the event the problem is about (for 'missing', of the first event after the gap). */
  readonly position: number;
  readonly kind: ChainProblemKind;
  readonly detail: string;
}

/** The last link of a verified stream: keep it elsewhere (an anchor) to detect a truncated or rewritten stream later. */
export interface ChainHead {
  readonly revision: number;
  readonly position: number;
  readonly hash: string;
}

export interface ChainAnchor {
  readonly revision: number;
  readonly hash: string;
}

export interface VerifyStreamChainOptions {
  /** A head recorded earlier (and kept away from the store): the stream must still hold it. */
  readonly anchor?: ChainAnchor;
}

export interface ChainVerification {
  readonly ok: boolean;
  readonly problems: readonly ChainProblem[];
  readonly eventsChecked: number;
  /** The link of the last event, if it has one. */
  readonly head: ChainHead | undefined;
  /**
   * How many events at the start of the stream have no link, followed by a chain that starts afresh
   * (previous = null): events written before the chain was turned on. All of them for a stream with
   * no link at all; 0 when a link was stripped from inside a chain. They are among the 'unchained'
   * problems; a caller may accept them as legacy.
   */
  readonly unchainedPrefix: number;
}

/**
 * Checks the hash chain of one stream's events, read forwards (as readStream returns them):
 * - 'changed': an event's content (type, data, metadata, stream or revision) no longer matches its hash;
 * - 'missing': revisions are absent (an event was deleted), or the anchored head is gone;
 * - 'reordered': an event sits at another revision than the one it was written at, or out of order;
 * - 'broken-link': an event's hash is not the one its successor chained from, so it was rewritten and
 *   its hash recomputed (reported at the rewritten event); or the stream disagrees with the anchor;
 * - 'unchained': an event has no chain link (written before the chain was on, or its link was stripped).
 *
 * A stream rewritten from some event to its end with recomputed hashes verifies; only an anchor (a
 * head kept outside the store) detects that.
 */
export function verifyStreamChain(events: readonly RecordedEvent[], options: VerifyStreamChainOptions = {}): ChainVerification {
  const problems: ChainProblem[] = [];
  const flagged = new Set<RecordedEvent>();
  const report = (event: RecordedEvent, revision: number, kind: ChainProblemKind, detail: string): void => {
    const duplicate = problems.some((problem) => problem.kind === kind && problem.revision === revision && problem.position === event.position);
    if (!duplicate) problems.push({ revision, position: event.position, kind, detail });
    flagged.add(event);
  };

  const writtenAt = revisionsWrittenAt(events);
  const storedHashes = new Map<string, RecordedEvent>();
  for (const event of events) {
    const link = chainOf(event.metadata);
    if (link) storedHashes.set(link.hash, event);
  }

  const streamId = events[0]?.streamId;
  let nextRevision = 0;
  let previous: RecordedEvent | undefined;
  for (const event of events) {
    if (event.revision > nextRevision) {
      const last = event.revision - 1;
      const gone = last === nextRevision ? `revision ${nextRevision} is` : `revisions ${nextRevision} to ${last} are`;
      const after = previous ? ` between positions ${previous.position} and ${event.position}` : ` before position ${event.position}`;
      report(event, nextRevision, 'missing', `${gone} missing${after}`);
    } else if (previous && event.revision <= previous.revision) {
      report(event, event.revision, 'reordered', `revision ${event.revision} (position ${event.position}) comes after revision ${previous.revision}`);
    } else if (previous && event.position <= previous.position) {
      report(event, event.revision, 'reordered', `revision ${event.revision} has position ${event.position}, not after revision ${previous.revision}'s ${previous.position}`);
    }
    nextRevision = Math.max(nextRevision, event.revision + 1);

    const link = chainOf(event.metadata);
    if (!link) {
      report(event, event.revision, 'unchained', `revision ${event.revision} (${event.type}) has no chain link`);
      previous = event;
      continue;
    }
    if (streamId !== undefined && event.streamId !== streamId) {
      report(event, event.revision, 'changed', `revision ${event.revision} belongs to stream ${event.streamId}, not ${streamId}`);
    } else if (chainHash(event, link.previous) !== link.hash) {
      const original = writtenAt.get(link.hash);
      if (original !== undefined && original !== event.revision && chainHash({ ...event, revision: original }, link.previous) === link.hash) {
        report(event, event.revision, 'reordered', `the event at revision ${event.revision} (position ${event.position}) was written as revision ${original}`);
      } else {
        report(event, event.revision, 'changed', `revision ${event.revision} (${event.type}) no longer matches its hash: its data or metadata changed`);
      }
    }

    const adjacent = previous !== undefined && previous.revision === event.revision - 1;
    const previousLink = previous ? chainOf(previous.metadata) : undefined;
    if (event.revision === 0 && link.previous !== null && !flagged.has(event)) {
      report(event, event.revision, 'broken-link', `revision 0 chains from ${short(link.previous)}, but a stream's first event chains from nothing`);
    } else if (previous && adjacent && previousLink && link.previous !== previousLink.hash) {
      if (link.previous === null) {
        report(event, event.revision, 'broken-link', `revision ${event.revision} starts a new chain although revision ${previous.revision} is chained`);
      } else if (!flagged.has(previous)) {
        const moved = storedHashes.get(link.previous);
        const detail = moved && moved !== previous
          ? `revision ${event.revision} chains from the event now at revision ${moved.revision}`
          : `revision ${event.revision} (position ${event.position}) chained from ${short(link.previous)}, but revision ${previous.revision} now hashes to ${short(previousLink.hash)}: it was rewritten and its hash recomputed`;
        report(previous, previous.revision, 'broken-link', detail);
      }
    }
    previous = event;
  }

  const last = events[events.length - 1];
  const lastLink = last ? chainOf(last.metadata) : undefined;
  const head = last && lastLink ? { revision: last.revision, position: last.position, hash: lastLink.hash } : undefined;
  if (options.anchor) checkAnchor(options.anchor, events, problems);
  return { ok: problems.length === 0, problems, eventsChecked: events.length, head, unchainedPrefix: unchainedPrefix(events) };
}

/** Reads a stream as stored (through a HashChainedEventStore, links included) and verifies its chain. */
export async function verifyStoredStream(store: EventStore, streamId: string, options?: VerifyStreamChainOptions): Promise<ChainVerification> {
  const events = store instanceof HashChainedEventStore ? await store.readStreamWithChain(streamId) : await store.readStream(streamId);
  return verifyStreamChain(events, options);
}

function checkAnchor(anchor: ChainAnchor, events: readonly RecordedEvent[], problems: ChainProblem[]): void {
  const anchored = events.find((event) => event.revision === anchor.revision);
  const lastPosition = events[events.length - 1]?.position ?? 0;
  if (!anchored) {
    problems.push({ revision: anchor.revision, position: lastPosition, kind: 'missing', detail: `the anchored revision ${anchor.revision} is gone: the stream was truncated` });
    return;
  }
  const link = chainOf(anchored.metadata);
  if (link?.hash !== anchor.hash) {
    problems.push({
      revision: anchor.revision,
      position: anchored.position,
      kind: 'broken-link',
      detail: `revision ${anchor.revision} hashes to ${link ? short(link.hash) : 'nothing'}, the anchor holds ${short(anchor.hash)}: the stream was rewritten`,
    });
  }
}

function unchainedPrefix(events: readonly RecordedEvent[]): number {
  const first = events.findIndex((event) => chainOf(event.metadata) !== undefined);
  if (first === -1) return events.length;
  const firstEvent = events[first] as RecordedEvent;
  return chainOf(firstEvent.metadata)?.previous === null && firstEvent.revision === first ? first : 0;
}

/** The revision each stored hash was written at, found by following the links back to a chain's start. */
function revisionsWrittenAt(events: readonly RecordedEvent[]): Map<string, number> {
  const previousOf = new Map<string, string | null>();
  for (const event of events) {
    const link = chainOf(event.metadata);
    if (link) previousOf.set(link.hash, link.previous);
  }
  const writtenAt = new Map<string, number>();
  for (const start of previousOf.keys()) {
    const path: string[] = [];
    const seen = new Set<string>();
    let hash: string | null | undefined = start;
    let base: number | undefined;
    while (hash !== undefined) {
      if (hash === null) {
        base = -1;
        break;
      }
      const known = writtenAt.get(hash);
      if (known !== undefined) {
        base = known;
        break;
      }
      if (seen.has(hash)) break;
      seen.add(hash);
      path.push(hash);
      hash = previousOf.get(hash);
    }
    if (base === undefined) continue;
    for (let index = path.length - 1; index >= 0; index--) writtenAt.set(path[index] as string, base + path.length - index);
  }
  return writtenAt;
}

function short(hash: string): string {
  return hash.slice(0, 12);
}
