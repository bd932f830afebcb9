import type { Requester } from './graphql';

/** Disputes over a game's events and their rulings (the API's disputes module, docs/disputes.md). */

export type DisputeStatus = 'OPEN' | 'REJECTED' | 'UPHELD';
export type RemedyKind = 'CORRECTION' | 'REWIND';
export type AdjustmentKind = 'CASH' | 'HOLDING' | 'PRICE';

export interface Adjustment {
  readonly kind: AdjustmentKind;
  readonly playerId: string | null;
  readonly stock: string | null;
  readonly delta: number | null;
  readonly to: number | null;
}

export interface Remedy {
  readonly kind: RemedyKind;
  readonly afterRevision: number | null;
  readonly adjustments: readonly Adjustment[];
}

export interface StateAt {
  readonly revision: number | null;
  readonly position: number | null;
  readonly eventType: string | null;
  readonly state: unknown;
}

export interface DisputeSummary {
  readonly id: string;
  readonly gameId: string;
  readonly gameType: string;
  readonly leagueId: string | null;
  readonly claim: string;
  readonly openedBy: string;
  readonly openedAs: 'PLAYER' | 'REFEREE';
  readonly playerId: string | null;
  readonly openedAt: string;
  readonly pausesGame: boolean;
  readonly status: DisputeStatus;
  readonly disputedEvent: { readonly revision: number; readonly position: number; readonly eventId: string; readonly type: string };
  readonly ruling: {
    readonly outcome: 'REJECTED' | 'UPHELD';
    readonly reason: string;
    readonly ruledBy: string;
    readonly ruledAt: string;
    readonly remedyRevisions: readonly number[];
    readonly remedy: Remedy | null;
  } | null;
}

export interface DisputeDetail extends DisputeSummary {
  readonly before: StateAt;
  readonly after: StateAt;
}

const REMEDY_FIELDS = `kind afterRevision adjustments { kind playerId stock delta to }`;
const SUMMARY_FIELDS = `id gameId gameType leagueId claim openedBy openedAs playerId openedAt pausesGame status
  disputedEvent { revision position eventId type }
  ruling { outcome reason ruledBy ruledAt remedyRevisions remedy { ${REMEDY_FIELDS} } }`;

const DISPUTE_QUERY = `query DashboardDispute($id: ID!) {
  dispute(id: $id) { ${SUMMARY_FIELDS} before { revision position eventType state } after { revision position eventType state } }
}`;

const DISPUTES_QUERY = `query DashboardDisputes($gameId: ID, $leagueId: ID, $classId: ID, $status: DisputeStatus) {
  disputes(gameId: $gameId, leagueId: $leagueId, classId: $classId, status: $status) { ${SUMMARY_FIELDS} }
}`;

export async function fetchDispute(request: Requester, id: string): Promise<DisputeDetail | null> {
  const data: { dispute: DisputeDetail | null } = await request(DISPUTE_QUERY, { id });
  return data.dispute;
}

export async function fetchDisputes(
  request: Requester,
  scope: { gameId?: string; leagueId?: string; classId?: string },
  status: DisputeStatus | null = null,
): Promise<DisputeSummary[]> {
  const data: { disputes: DisputeSummary[] } = await request(DISPUTES_QUERY, { ...scope, status });
  return data.disputes;
}

export const OPEN_DISPUTE_MUTATION = `mutation DashboardOpenDispute($input: OpenDisputeInput!) { openDispute(input: $input) { id status } }`;

export const PREVIEW_REMEDY_QUERY = `query DashboardPreviewRemedy($input: PreviewRemedyInput!) {
  previewRemedy(input: $input) {
    phase state currentState voidedRevisions
    standings { playerId rank finalWealth } currentStandings { playerId rank finalWealth }
  }
}`;

export const RULE_MUTATION = `mutation DashboardRule($input: RuleOnDisputeInput!) { ruleOnDispute(input: $input) { id status } }`;

export interface CorrectedStanding {
  readonly playerId: string;
  readonly rank: number;
  readonly finalWealth: number;
}

export interface RemedyPreview {
  readonly phase: string;
  readonly state: unknown;
  readonly currentState: unknown;
  readonly voidedRevisions: readonly number[];
  readonly standings: readonly CorrectedStanding[] | null;
  readonly currentStandings: readonly CorrectedStanding[] | null;
}

// ---- Comparing two states -------------------------------------------------------------------------

export type Scalar = string | number | boolean | null;

/** A JSON value as `path -> scalar` ("portfolios.bob.cash" -> 1200), arrays by index. */
export function flattenJson(value: unknown, prefix = '', into: Map<string, Scalar> = new Map()): Map<string, Scalar> {
  if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    into.set(prefix === '' ? '(value)' : prefix, value);
    return into;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) into.set(prefix === '' ? '(value)' : prefix, '[]');
    value.forEach((item, index) => flattenJson(item, prefix === '' ? String(index) : `${prefix}.${index}`, into));
    return into;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) into.set(prefix === '' ? '(value)' : prefix, '{}');
    for (const [key, item] of entries) flattenJson(item, prefix === '' ? key : `${prefix}.${key}`, into);
  }
  return into;
}

export interface StateChange {
  readonly path: string;
  /** undefined: the path does not exist on that side. */
  readonly before: Scalar | undefined;
  readonly after: Scalar | undefined;
}

/** Every path whose value differs between two states, in the order of the first state then the new paths. */
export function diffStates(before: unknown, after: unknown): StateChange[] {
  const left = flattenJson(before);
  const right = flattenJson(after);
  const changes: StateChange[] = [];
  for (const [path, value] of left) {
    const other = right.get(path);
    if (!right.has(path) || other !== value) changes.push({ path, before: value, after: right.has(path) ? other : undefined });
  }
  for (const [path, value] of right) if (!left.has(path)) changes.push({ path, before: undefined, after: value });
  return changes;
}

/** The money unit of a game's states (docs/disputes.md): cents for Stock Ticker, whole units otherwise. */
export function stateMoneyUnit(gameType: string): string {
  const type = gameType.toLowerCase().replace(/_/g, '-');
  if (type === 'stock-ticker') return 'cents';
  if (type === 'bolsa') return 'euros';
  return 'dollars';
}

export function statusLabel(status: DisputeStatus): string {
  return status === 'OPEN' ? 'open' : status === 'UPHELD' ? 'upheld' : 'rejected';
}
