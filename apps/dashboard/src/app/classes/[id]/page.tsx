import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { ClassTradeTable } from '../../../components/class-trade-table';
import { API_HINT, ErrorNotice } from '../../../components/error-notice';
import { requireAccount } from '../../../lib/account';
import { EMPTY_FILTER, fetchClassTrades, type TradePage } from '../../../lib/classes';
import { formatCount, formatDateTime } from '../../../lib/format';
import { describeError, isNotFoundError } from '../../../lib/graphql';
import { fetchLeague, gameTypeLabel, roleLabel, type LeagueDetail } from '../../../lib/leagues';

type Params = Promise<{ id: string }>;
type Search = Promise<Record<string, string | string[] | undefined>>;

export const metadata: Metadata = { title: 'Class' };

const PAGE_SIZE = 50;

export default async function ClassPage({ params, searchParams }: { params: Params; searchParams: Search }) {
  const { id } = await params;
  const search = await searchParams;
  const after = typeof search['after'] === 'string' ? search['after'] : null;
  const { request } = await requireAccount(`/classes/${encodeURIComponent(id)}`);
  let league: LeagueDetail | null;
  let trades: TradePage;
  try {
    league = await fetchLeague(request, id);
    if (league === null) notFound();
    trades = await fetchClassTrades(request, id, EMPTY_FILTER, { first: PAGE_SIZE, after });
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  const students = league.members.filter((member) => member.role === 'PLAYER');
  const teacher = league.myRole === 'ORGANISER';
  const tables = league.seasons.flatMap((season) => season.tables.map((table) => ({ ...table, season: season.name })));
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href="/leagues">Leagues and classes</Link>
          </li>
          <li aria-current="page">{league.name}</li>
        </ol>
      </nav>
      <h1>{league.name}</h1>
      <p className="muted">
        Class · your role: {league.myRole === null ? 'none' : roleLabel(league.myRole, 'CLASS')} ·{' '}
        <Link href={`/leagues/${encodeURIComponent(league.id)}`}>terms and standings</Link> ·{' '}
        <Link href={`/leagues/${encodeURIComponent(league.id)}/disputes`}>disputes</Link>
        {teacher ? (
          <>
            {' '}
            · <Link href={`/classes/${encodeURIComponent(league.id)}/audit`}>teacher audit</Link> ·{' '}
            <Link href={`/leagues/${encodeURIComponent(league.id)}/members`}>members</Link>
          </>
        ) : null}
      </p>
      <div className="grid-2">
        <section className="panel" aria-labelledby="students-title">
          <h2 id="students-title">Students</h2>
          {students.length === 0 ? (
            <p className="empty">No student yet.</p>
          ) : (
            <ul data-testid="students">
              {students.map((student) => (
                <li key={student.accountId}>
                  {teacher ? (
                    <Link href={`/classes/${encodeURIComponent(league.id)}/audit?student=${encodeURIComponent(student.accountId)}`}>{student.displayName}</Link>
                  ) : (
                    student.displayName
                  )}{' '}
                  <span className="muted small">since {formatDateTime(student.addedAt)}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="panel" aria-labelledby="games-title">
          <h2 id="games-title">Games</h2>
          {tables.length === 0 ? (
            <p className="empty">No game scheduled.</p>
          ) : (
            <ul>
              {tables.map((table) => (
                <li key={table.id}>
                  <Link href={`/games/${encodeURIComponent(table.gameId)}`}>{table.gameId}</Link>{' '}
                  <span className="muted small">
                    {gameTypeLabel(table.gameType)}, {table.season}, {table.result === null ? 'in play' : 'finished'}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="trades-title">
        <h2 id="trades-title">Trades</h2>
        <p className="small muted">
          {formatCount(trades.totalCount)} {trades.totalCount === 1 ? 'trade' : 'trades'} at the class&apos;s tables, in log order
          {teacher ? '' : ' (you see your own)'}.
        </p>
        <ClassTradeTable trades={trades.trades} />
        <div className="pager">
          {after !== null ? <Link href={`/classes/${encodeURIComponent(league.id)}`}>First page</Link> : null}
          {trades.hasNextPage && trades.endCursor !== null ? (
            <Link className="button" href={`/classes/${encodeURIComponent(league.id)}?after=${encodeURIComponent(trades.endCursor)}`}>
              Next {PAGE_SIZE}
            </Link>
          ) : null}
        </div>
      </section>
    </>
  );
}
