import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { API_HINT, ErrorNotice } from '../../../components/error-notice';
import { RankHistoryChart } from '../../../components/rank-history-chart';
import { requireAccount } from '../../../lib/account';
import { formatCents, formatCount, formatDateTime, joinNames } from '../../../lib/format';
import { describeError, isNotFoundError } from '../../../lib/graphql';
import { fetchLeague, gameTypeLabel, roleLabel, type LeagueDetail, type Season } from '../../../lib/leagues';

type Params = Promise<{ id: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { id } = await params;
  return { title: `League ${id}` };
}

export default async function LeaguePage({ params }: { params: Params }) {
  const { id } = await params;
  const { request } = await requireAccount(`/leagues/${encodeURIComponent(id)}`);
  let league: LeagueDetail | null;
  try {
    league = await fetchLeague(request, id);
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  if (league === null) notFound();
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
        {league.kind === 'CLASS' ? 'Class' : 'League'} · your role: {league.myRole === null ? 'none' : roleLabel(league.myRole, league.kind)} · points by
        rank: {league.scoring.join(', ')}
        {league.kind === 'CLASS' ? (
          <>
            {' '}
            · <Link href={`/classes/${encodeURIComponent(league.id)}`}>class page</Link>
          </>
        ) : null}{' '}
        · <Link href={`/leagues/${encodeURIComponent(league.id)}/disputes`}>disputes</Link>
      </p>
      {league.seasons.length === 0 ? <p className="empty">No season yet.</p> : null}
      {league.seasons.map((season) => (
        <SeasonSection key={season.id} season={season} />
      ))}
      <section className="panel" aria-labelledby="members-title">
        <div className="section-head">
          <h2 id="members-title">Members</h2>
          {league.myRole === 'ORGANISER' ? (
            <Link className="button" href={`/leagues/${encodeURIComponent(league.id)}/members`}>
              Manage members
            </Link>
          ) : null}
        </div>
        <p>{joinNames(league.members.map((member) => `${member.displayName} (${member.title})`))}</p>
      </section>
    </>
  );
}

function SeasonSection({ season }: { season: Season }) {
  const gameOf = new Map<number, string>();
  for (const standing of season.standings) for (const change of standing.history) if (change.gameId !== null) gameOf.set(change.position, change.gameId);
  return (
    <section className="league" aria-labelledby={`season-${season.id}`} data-testid="season">
      <h2 id={`season-${season.id}`}>
        {season.name} <span className="badge">{season.status.toLowerCase()}</span>
      </h2>
      <div className="panel">
        <h3>Standings</h3>
        {season.standings.length === 0 ? (
          <p className="empty">No result yet.</p>
        ) : (
          <div className="table-wrap">
            <table data-testid="season-standings" className="standings">
              <caption>From the API&apos;s season standings: points by rank at each table, then the multiplayer Elo rating.</caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    #
                  </th>
                  <th scope="col">Participant</th>
                  <th scope="col" className="num">
                    Points
                  </th>
                  <th scope="col" className="num">
                    Rating
                  </th>
                  <th scope="col" className="num">
                    Wins
                  </th>
                  <th scope="col" className="num">
                    Games
                  </th>
                  <th scope="col" className="num">
                    Average final wealth
                  </th>
                  <th scope="col">Rank history</th>
                </tr>
              </thead>
              <tbody>
                {season.standings.map((standing) => (
                  <tr key={standing.participantId} data-participant={standing.participantId}>
                    <td className="num">{standing.rank}</td>
                    <th scope="row">{standing.displayName}</th>
                    <td className="num">{formatCount(standing.points)}</td>
                    <td className="num">{standing.rating.toFixed(1)}</td>
                    <td className="num">{formatCount(standing.wins)}</td>
                    <td className="num">{formatCount(standing.gamesPlayed)}</td>
                    <td className="num">{formatCents(standing.averageFinalWealth)}</td>
                    <td className="small">
                      {standing.history
                        .filter((change) => change.rank !== null)
                        .map((change) => `#${change.rank}`)
                        .join(' → ')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <RankHistoryChart standings={season.standings} gameOf={gameOf} />
      </div>
      <div className="panel">
        <h3>Tables</h3>
        {season.tables.length === 0 ? (
          <p className="empty">No table scheduled.</p>
        ) : (
          <div className="table-wrap">
            <table data-testid="season-tables">
              <thead>
                <tr>
                  <th scope="col">Game</th>
                  <th scope="col">Type</th>
                  <th scope="col">Seats</th>
                  <th scope="col">Result</th>
                  <th scope="col">Scheduled</th>
                </tr>
              </thead>
              <tbody>
                {season.tables.map((table) => {
                  const names = new Map(table.seats.map((seat) => [seat.playerId, seat.displayName]));
                  return (
                    <tr key={table.id}>
                      <th scope="row">
                        <Link href={`/games/${encodeURIComponent(table.gameId)}`}>{table.gameId}</Link>
                      </th>
                      <td>{gameTypeLabel(table.gameType)}</td>
                      <td>{joinNames(table.seats.map((seat) => seat.displayName))}</td>
                      <td>
                        {table.result === null ? (
                          <span className="muted">in play</span>
                        ) : (
                          joinNames([...table.result.standings].sort((a, b) => a.rank - b.rank).map((entry) => `${entry.rank}. ${names.get(entry.playerId) ?? entry.playerId}`))
                        )}
                      </td>
                      <td className="small">{formatDateTime(table.scheduledAt)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
