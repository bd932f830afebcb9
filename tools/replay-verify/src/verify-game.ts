import type { RecordedEvent } from '@corbeille/event-store';
import {
  chainOf,
  verifyFairness,
  verifyPublishedFairness,
  verifyStreamChain,
  type FairnessReport,
  type PublishedFairness,
  type PublishedFairnessCheck,
} from '@corbeille/integrity';
import { fairnessFoldOf, gameOfStream, UnknownEngineVersionError } from '@corbeille/projections';

/** The first line's `format` this verifier reads (apps/api/src/export/game-export.service.ts writes it). */
export const GAME_FILE_FORMAT = 'corbeille-game/1';

export interface GameFileProblem {
  /** The 1-based line of the file the problem is at (0: the file as a whole). */
  readonly line: number;
  readonly message: string;
}

export interface GameFileReport {
  readonly ok: boolean;
  readonly gameId: string | undefined;
  readonly gameType: string | undefined;
  readonly events: number;
  /** Events this file's reader was not shown whole: their content cannot be checked, nor the game replayed. */
  readonly redacted: number;
  /** Events whose hash was recomputed from their content (their metadata is whole in the file). */
  readonly chainChecked: number;
  /**
   * Events whose metadata the file trims (secrets stay on the server): their hash cannot be recomputed, so
   * only their link is checked (each chains from its predecessor's hash, up to the header's chain head).
   */
  readonly linkChecked: number;
  /** Events folded again by the engine (0 when the game could not be replayed). */
  readonly eventsFolded: number;
  readonly fairness: FairnessReport | undefined;
  /** The fairness line's public record (batch roots, units) checked with verifyPublishedFairness. */
  readonly publishedFairness: PublishedFairnessCheck | undefined;
  readonly problems: readonly GameFileProblem[];
  /** What could not be checked, and why (e.g. events hidden from the reader): not a fault of the file. */
  readonly notes: readonly string[];
}

interface Header {
  readonly format: string;
  readonly gameId: string;
  readonly gameType: string;
  readonly streamId: string;
  readonly events: number;
  readonly chainHead: { readonly revision: number; readonly position: number; readonly hash: string } | null;
}

type EventLine = RecordedEvent & { readonly redacted?: boolean; readonly metadataTrimmed?: unknown };

/** The fairness line (apps/api/src/export/game-export.service.ts): what `gameFairness` serves the file's reader. */
interface FairnessLine extends Partial<PublishedFairness> {
  readonly events?: RecordedEvent[];
  readonly commitments?: readonly { readonly revision: number; readonly hash: string; readonly nonce: string | null }[];
}

/**
 * Checks a game file (`GET /games/:id/export.ndjson`) offline: its shape (a header, the events it
 * announces, the fairness record), the hash chain up to the head the header names (a changed byte, a
 * missing, added or moved line), the replay (the pinned engine folds every event; every command that drew
 * is decided again and must give the logged events; round and month checksums are folded again) and the
 * public chance: every draw of a revealed seed recomputed and matched with the seed's commitment.
 */
export function verifyGameFile(text: string): GameFileReport {
  const problems: GameFileProblem[] = [];
  const notes: string[] = [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const parsed: { line: number; value: Record<string, unknown> }[] = [];
  lines.forEach((raw, index) => {
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      parsed.push({ line: index + 1, value: value as Record<string, unknown> });
    } catch {
      problems.push({ line: index + 1, message: 'is not a JSON object: the file was changed or cut here' });
    }
  });
  const fail = (events = 0): GameFileReport => ({
    ok: false,
    gameId: undefined,
    gameType: undefined,
    events,
    redacted: 0,
    chainChecked: 0,
    linkChecked: 0,
    eventsFolded: 0,
    fairness: undefined,
    publishedFairness: undefined,
    problems,
    notes: [],
  });

  const first = parsed[0];
  if (!first || first.line !== 1 || first.value['kind'] !== 'header') {
    problems.push({ line: 1, message: 'the first line is not the game file header' });
    return fail();
  }
  const header = first.value as unknown as Header;
  if (header.format !== GAME_FILE_FORMAT) problems.push({ line: 1, message: `format "${String(header.format)}" is not ${GAME_FILE_FORMAT}` });
  const eventLines = parsed.filter((entry) => entry.value['kind'] === 'event');
  const fairnessLines = parsed.filter((entry) => entry.value['kind'] === 'fairness');
  const last = parsed[parsed.length - 1];
  for (const entry of parsed.slice(1)) {
    const kind = entry.value['kind'];
    if (kind !== 'event' && kind !== 'fairness') problems.push({ line: entry.line, message: `a line of kind "${String(kind)}" has no place in a game file` });
    if (kind === 'event' && entry.value['streamId'] !== header.streamId) {
      problems.push({ line: entry.line, message: `this event belongs to stream ${String(entry.value['streamId'])}, not ${header.streamId}` });
    }
  }
  if (fairnessLines.length !== 1 || last?.value['kind'] !== 'fairness') {
    problems.push({ line: lines.length, message: 'the file does not end with its fairness record: it was truncated or reordered' });
  }
  if (eventLines.length !== header.events) {
    problems.push({ line: 0, message: `the header announces ${header.events} events, the file holds ${eventLines.length}` });
  }
  const lineOfRevision = new Map<number, number>();
  eventLines.forEach((entry, index) => {
    const revision = entry.value['revision'];
    if (typeof revision === 'number') lineOfRevision.set(revision, entry.line);
    if (revision !== index) problems.push({ line: entry.line, message: `event ${index + 1} of the file has revision ${String(revision)}: events are missing, added or out of order` });
  });
  const events = eventLines.map((entry) => withoutKind(entry.value));
  const redactedRevisions = new Set(events.filter((event) => event.redacted === true).map((event) => event.revision));
  const trimmedRevisions = new Set(events.filter((event) => Array.isArray(event.metadataTrimmed) && event.metadataTrimmed.length > 0).map((event) => event.revision));
  const fairnessLine = (fairnessLines[0]?.value ?? {}) as FairnessLine;

  // The hash chain, anchored at the head the header names (a file cut after an event still fails).
  const anchor = header.chainHead ? { anchor: { revision: header.chainHead.revision, hash: header.chainHead.hash } } : {};
  const plain = events.map(({ redacted: _redacted, metadataTrimmed: _trimmed, ...event }) => event);
  const chain = verifyStreamChain(plain, anchor);
  const linkOnly = (revision: number) => redactedRevisions.has(revision) || trimmedRevisions.has(revision);
  for (const problem of chain.problems) {
    // A hidden event's content, or trimmed metadata, differs from what was hashed by design; its link is checked below.
    if (problem.kind === 'changed' && linkOnly(problem.revision)) continue;
    problems.push({ line: lineOfRevision.get(problem.revision) ?? 0, message: `${problem.kind}: ${problem.detail}` });
  }
  if (header.chainHead === null) problems.push({ line: 1, message: 'the game was recorded without a hash chain: the file cannot be checked' });
  else {
    // The links on their own: each event chains from its predecessor's hash, from nothing at revision 0, to the head.
    const seen = new Set(problems.map((problem) => problem.line));
    plain.forEach((event, index) => {
      const link = chainOf(event.metadata);
      const at = lineOfRevision.get(event.revision) ?? 0;
      const before = index === 0 ? null : (chainOf(plain[index - 1]?.metadata)?.hash ?? undefined);
      if (link === undefined) {
        if (!seen.has(at)) problems.push({ line: at, message: `unchained: revision ${event.revision} has no chain link` });
      } else if (link.previous !== before && !seen.has(at)) {
        problems.push({ line: at, message: `broken-link: revision ${event.revision} does not chain from the line before it` });
      }
    });
  }
  const linkChecked = plain.filter((event) => linkOnly(event.revision)).length;
  const chainChecked = Math.max(0, chain.eventsChecked - linkChecked);

  let eventsFolded = 0;
  let fairness: FairnessReport | undefined;
  const routed = gameOfStream(header.streamId);
  if (!routed || routed.game.type !== header.gameType) {
    problems.push({ line: 1, message: `stream ${header.streamId} is not a ${header.gameType} game this verifier knows` });
  } else if (redactedRevisions.size > 0) {
    notes.push(
      `${redactedRevisions.size} events were hidden from this file's reader (a ${String(first.value['viewer'])}): their links are checked, not their content, and the game is not replayed; the referee's file replays`,
    );
  } else if (problems.length === 0) {
    const integrity = fairnessLine.events ?? [];
    // A plan's nonce is served once its reader may see the plan (after the month's reveal): its commitment is checked with it.
    const nonces = new Map((fairnessLine.commitments ?? []).flatMap((entry) => (entry.nonce === null ? [] : [[entry.revision, entry.nonce] as const])));
    const replayed = plain.map((event) => {
      const nonce = nonces.get(event.revision);
      return nonce === undefined || event.metadata['commitmentNonce'] !== undefined ? event : { ...event, metadata: { ...event.metadata, commitmentNonce: nonce } };
    });
    try {
      const fold = fairnessFoldOf(routed.game, replayed);
      fold.foldLive(replayed);
      eventsFolded = replayed.length;
      fairness = verifyFairness(routed.game, replayed, integrity, fold);
      for (const mismatch of fairness.mismatches) {
        // A plan whose nonce this reader may not see yet is not checkable from the file: not a fault of it.
        const hiddenNonce = mismatch.kind === 'PLAN_COMMITMENT' && replayed.find((event) => event.revision === mismatch.revision)?.metadata['commitmentNonce'] === undefined;
        if (hiddenNonce) continue;
        problems.push({ line: lineOfRevision.get(mismatch.revision) ?? 0, message: `${mismatch.kind}: ${mismatch.message}` });
      }
    } catch (error) {
      // An engine version this build lacks, or events the engine refuses to fold.
      const reason = error instanceof UnknownEngineVersionError || error instanceof Error ? error.message : String(error);
      problems.push({ line: 0, message: `the engine could not replay the game: ${reason}` });
    }
  }

  // The public record of chance: every root it names is the one the chained events recorded, and it checks out.
  let publishedFairness: PublishedFairnessCheck | undefined;
  const fairnessLineNumber = fairnessLines[0]?.line ?? lines.length;
  if (Array.isArray(fairnessLine.batchRoots) && Array.isArray(fairnessLine.units)) {
    const recorded = new Set(plain.flatMap((event) => batchRootsOfEvent(event).map((root) => `${event.revision}/${root.batch}/${root.root}`)));
    for (const root of fairnessLine.batchRoots) {
      if (!recorded.has(`${root.revision}/${root.batch}/${root.root}`)) {
        problems.push({ line: fairnessLineNumber, message: `the root of batch ${root.batch} is not the one revision ${root.revision} recorded` });
      }
    }
    publishedFairness = verifyPublishedFairness({ batchRoots: fairnessLine.batchRoots, units: fairnessLine.units });
    for (const problem of publishedFairness.problems) problems.push({ line: fairnessLineNumber, message: `published fairness: ${problem}` });
  }
  if (linkChecked > 0) {
    notes.push(
      `${linkChecked} events carry only their public metadata (secrets stay on the server): their links are checked, their hashes cannot be recomputed; their content is checked by ${redactedRevisions.size === 0 ? 'the replay and ' : ''}the public record of chance`,
    );
  }
  return {
    ok: problems.length === 0,
    gameId: header.gameId,
    gameType: header.gameType,
    events: events.length,
    redacted: redactedRevisions.size,
    chainChecked,
    linkChecked,
    eventsFolded,
    fairness,
    publishedFairness,
    problems: [...problems].sort((a, b) => a.line - b.line),
    notes,
  };
}

function batchRootsOfEvent(event: RecordedEvent): { batch: number; root: string }[] {
  const roots: unknown = event.metadata['batchRoots'];
  return Array.isArray(roots) ? (roots as { batch: number; root: string }[]) : [];
}

function withoutKind(value: Record<string, unknown>): EventLine {
  const { kind: _kind, ...event } = value;
  return event as unknown as EventLine;
}
