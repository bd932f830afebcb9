import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ClassTradeTable } from '../../../../components/class-trade-table';
import { CsvExport } from '../../../../components/csv-export';
import { API_HINT, ErrorNotice } from '../../../../components/error-notice';
import { requireAccount } from '../../../../lib/account';
import { exportQuery, fetchClassTrades, filterFromSearchParams, filterSearch, type TradePage } from '../../../../lib/classes';
import { formatCount } from '../../../../lib/format';
import { describeError, isNotFoundError } from '../../../../lib/graphql';
import { fetchLeague, type LeagueDetail } from '../../../../lib/leagues';

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Teacher audit' };

const PAGE_SIZE = 50;

export default async function AuditPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id } = await params;
  const search = await searchParams;
  const filter = filterFromSearchParams(search);
  const after = typeof search['after'] === 'string' ? search['after'] : null;
  const base = `/classes/${encodeURIComponent(id)}/audit`;
  const { request } = await requireAccount(`${base}${filterSearch(filter)}`);
  let league: LeagueDetail | null;
  let trades: TradePage | null = null;
  let tradeError: ReturnType<typeof describeError> | null = null;
  try {
    league = await fetchLeague(request, id);
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  if (league === null) notFound();
  try {
    trades = await fetchClassTrades(request, id, filter, { first: PAGE_SIZE, after });
  } catch (error) {
    // A bad filter (e.g. a malformed date) is the user's to fix: the form keeps what they typed.
    tradeError = describeError(error);
  }
  const students = league.members.filter((member) => member.role === 'PLAYER');
  const games = league.seasons.flatMap((season) => season.tables.map((table) => table.gameId));
  const companies = [...new Set(trades?.trades.map((trade) => trade.company) ?? [])].sort();
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href="/leagues">Leagues and classes</Link>
          </li>
          <li>
            <Link href={`/classes/${encodeURIComponent(league.id)}`}>{league.name}</Link>
          </li>
          <li aria-current="page">Teacher audit</li>
        </ol>
      </nav>
      <h1>Teacher audit: {league.name}</h1>
      {league.myRole !== 'ORGANISER' ? (
        <div className="notice warn">
          <p>Only the class&apos;s teachers see every student&apos;s trades and annotate them; you see your own.</p>
        </div>
      ) : null}
      <form className="filters panel" method="get" action={base} data-testid="audit-filters">
        <label className="field">
          <span>Student</span>
          <select name="student" defaultValue={filter.student}>
            <option value="">All</option>
            {students.map((student) => (
              <option key={student.accountId} value={student.accountId}>
                {student.displayName}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Company</span>
          <input name="company" defaultValue={filter.company} list="audit-companies" placeholder="any" />
          <datalist id="audit-companies">
            {companies.map((company) => (
              <option key={company} value={company} />
            ))}
          </datalist>
        </label>
        <label className="field">
          <span>Game</span>
          <select name="game" defaultValue={filter.game}>
            <option value="">All</option>
            {games.map((game) => (
              <option key={game} value={game}>
                {game}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From (UTC)</span>
          <input type="date" name="from" defaultValue={filter.from} />
        </label>
        <label className="field">
          <span>To (UTC)</span>
          <input type="date" name="to" defaultValue={filter.to} />
        </label>
        <button type="submit" className="button">
          Filter
        </button>
        <Link href={base}>Clear</Link>
      </form>
      {tradeError !== null ? <ErrorNotice error={tradeError} /> : null}
      {trades !== null ? (
        <section className="panel" aria-labelledby="audit-trades-title">
          <div className="section-head">
            <h2 id="audit-trades-title">
              {formatCount(trades.totalCount)} {trades.totalCount === 1 ? 'trade' : 'trades'}
            </h2>
            <CsvExport
              href={`/classes/${encodeURIComponent(league.id)}/trades.csv${exportQuery(filter)}`}
              fallbackName={`${league.id}-trades.csv`}
              label="Export these trades as CSV"
            />
          </div>
          <ClassTradeTable trades={trades.trades} annotateIn={league.id} />
          <div className="pager">
            {after !== null ? <Link href={`${base}${filterSearch(filter)}`}>First page</Link> : null}
            {trades.hasNextPage && trades.endCursor !== null ? (
              <Link className="button" href={`${base}${filterSearch(filter, { after: trades.endCursor })}`}>
                Next {PAGE_SIZE}
              </Link>
            ) : null}
          </div>
        </section>
      ) : null}
    </>
  );
}
