import type { Requester } from './graphql';

/** A class's trades and the teacher's annotations (the API's class trade audit). */

export interface TradeAnnotation {
  readonly id: string;
  readonly tradeId: string;
  readonly authorName: string;
  readonly annotatedAt: string;
  readonly comment: string | null;
  readonly flagged: boolean;
  readonly score: number | null;
}

export interface ClassTrade {
  readonly id: string;
  readonly gameId: string;
  readonly gameType: string;
  readonly round: number | null;
  readonly position: number;
  readonly occurredAt: string;
  readonly studentId: string | null;
  readonly studentName: string;
  readonly playerId: string;
  readonly company: string;
  readonly type: 'BUY' | 'SELL';
  readonly shares: number;
  readonly price: number;
  readonly amount: number;
  readonly marketPrice: number;
  readonly counterparty: string;
  readonly via: string | null;
  readonly flags: readonly string[];
  readonly annotations: readonly TradeAnnotation[];
}

/** The audit filters, as they travel in the page's URL (`?student=&company=&game=&from=&to=`). */
export interface TradeFilterParams {
  readonly student: string;
  readonly company: string;
  readonly game: string;
  readonly from: string;
  readonly to: string;
}

export const EMPTY_FILTER: TradeFilterParams = { student: '', company: '', game: '', from: '', to: '' };

type SearchParams = Readonly<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

export function filterFromSearchParams(params: SearchParams): TradeFilterParams {
  return { student: first(params['student']), company: first(params['company']), game: first(params['game']), from: first(params['from']), to: first(params['to']) };
}

/** A date (YYYY-MM-DD) as the start of that day, or the end of it for the upper bound; an ISO instant as it is. */
function dayBound(value: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return `${value}T${end ? '23:59:59.999' : '00:00:00.000'}Z`;
  return value;
}

/** The GraphQL `ClassTradeFilter` for the URL's filters (empty fields are left out). */
export function toApiFilter(filter: TradeFilterParams): Record<string, string> {
  const api: Record<string, string> = {};
  if (filter.student !== '') api['studentId'] = filter.student;
  if (filter.company !== '') api['company'] = filter.company;
  if (filter.game !== '') api['gameId'] = filter.game;
  if (filter.from !== '') api['from'] = dayBound(filter.from, false);
  if (filter.to !== '') api['to'] = dayBound(filter.to, true);
  return api;
}

/** The REST export's query string for the same filters (`GET /classes/:id/trades.csv`). */
export function exportQuery(filter: TradeFilterParams): string {
  const api = toApiFilter(filter);
  const params = new URLSearchParams();
  if (api['studentId'] !== undefined) params.set('student', api['studentId']);
  if (api['company'] !== undefined) params.set('company', api['company']);
  if (api['gameId'] !== undefined) params.set('game', api['gameId']);
  if (api['from'] !== undefined) params.set('from', api['from']);
  if (api['to'] !== undefined) params.set('to', api['to']);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function filterSearch(filter: TradeFilterParams, extra: Readonly<Record<string, string>> = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries({ ...filter, ...extra })) if (value !== '') params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export const ANNOTATION_FIELDS = `id tradeId authorName annotatedAt comment flagged score`;

const TRADE_FIELDS = `id gameId gameType round position occurredAt studentId studentName playerId company type shares price amount marketPrice counterparty via flags annotations { ${ANNOTATION_FIELDS} }`;

const CLASS_TRADES_QUERY = `query DashboardClassTrades($classId: ID!, $filter: ClassTradeFilter, $first: Int!, $after: String) {
  classTrades(classId: $classId, filter: $filter, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { node { ${TRADE_FIELDS} } }
  }
}`;

export interface TradePage {
  readonly trades: readonly ClassTrade[];
  readonly totalCount: number;
  readonly endCursor: string | null;
  readonly hasNextPage: boolean;
}

export async function fetchClassTrades(
  request: Requester,
  classId: string,
  filter: TradeFilterParams,
  page: { first: number; after: string | null },
): Promise<TradePage> {
  const data: {
    classTrades: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null }; edges: { node: ClassTrade }[] };
  } = await request(CLASS_TRADES_QUERY, { classId, filter: toApiFilter(filter), first: page.first, after: page.after });
  return {
    trades: data.classTrades.edges.map((edge) => edge.node),
    totalCount: data.classTrades.totalCount,
    endCursor: data.classTrades.pageInfo.endCursor,
    hasNextPage: data.classTrades.pageInfo.hasNextPage,
  };
}

export const ANNOTATE_MUTATION = `mutation DashboardAnnotateTrade($input: AnnotateTradeInput!) { annotateTrade(input: $input) { ${ANNOTATION_FIELDS} } }`;

/** Rows of a CSV text received so far: complete lines after the header (and the last line once `complete`). */
export function csvRowsReceived(text: string, complete = false): number {
  let lines = complete && text.length > 0 && !text.endsWith('\n') ? 1 : 0;
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) lines += 1;
  }
  return Math.max(0, lines - 1);
}
