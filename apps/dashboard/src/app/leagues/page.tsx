import type { Metadata } from 'next';
import Link from 'next/link';
import { API_HINT, ErrorNotice } from '../../components/error-notice';
import { requireAccount } from '../../lib/account';
import { formatDateTime } from '../../lib/format';
import { describeError } from '../../lib/graphql';
import { fetchLeagues, leagueHref, roleLabel, type LeagueSummary } from '../../lib/leagues';

export const metadata: Metadata = { title: 'Leagues and classes' };

export default async function LeaguesPage() {
  const { request } = await requireAccount('/leagues');
  let leagues: LeagueSummary[];
  try {
    leagues = await fetchLeagues(request);
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  const groups: { title: string; testId: string; items: LeagueSummary[] }[] = [
    { title: 'Leagues', testId: 'leagues-list', items: leagues.filter((league) => league.kind === 'LEAGUE') },
    { title: 'Classes', testId: 'classes-list', items: leagues.filter((league) => league.kind === 'CLASS') },
  ];
  return (
    <>
      <h1>Leagues and classes</h1>
      <p className="muted">The leagues and classes your account belongs to, newest first.</p>
      {groups.map((group) => (
        <section className="panel" key={group.title} aria-labelledby={`${group.testId}-title`}>
          <h2 id={`${group.testId}-title`}>{group.title}</h2>
          {group.items.length === 0 ? (
            <p className="empty">None.</p>
          ) : (
            <div className="table-wrap">
              <table data-testid={group.testId}>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Your role</th>
                    <th scope="col">Created</th>
                  </tr>
                </thead>
                <tbody>
                  {group.items.map((league) => (
                    <tr key={league.id}>
                      <th scope="row">
                        <Link href={leagueHref(league)}>{league.name}</Link>
                      </th>
                      <td>{league.myRole === null ? <span className="muted">—</span> : roleLabel(league.myRole, league.kind)}</td>
                      <td className="small">{formatDateTime(league.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </>
  );
}
