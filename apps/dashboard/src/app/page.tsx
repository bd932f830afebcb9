import Link from 'next/link';
import { Suspense } from 'react';
import { API_HINT, ErrorNotice } from '../components/error-notice';
import { LoadingPanel } from '../components/loading-panel';
import { PhaseBadge } from '../components/phase-badge';
import { formatCents, formatCount, formatDateTime, joinNames } from '../lib/format';
import { roundText } from '../lib/game-text';
import { describeError } from '../lib/graphql';
import { fetchGames } from '../lib/queries';
import { serverRequester } from '../lib/server-api';
import { groupByLeague, type League } from '../lib/standings';

export default function OverviewPage() {
  return (
    <>
      <h1>Leagues and games</h1>
      <p className="muted">Games refereed by Corbeille, newest first, with league standings computed from the results of finished games.</p>
      <Suspense fallback={<LoadingPanel label="Loading games…" />}>
        <Overview />
      </Suspense>
    </>
  );
}

async function Overview() {
  let leagues: League[];
  let complete: boolean;
  let total: number;
  try {
    const request = await serverRequester();
    const list = await fetchGames(request);
    leagues = groupByLeague(list.games);
    complete = list.complete;
    total = list.totalCount;
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  if (leagues.length === 0) {
    return (
      <div className="notice">
        <h2>No games yet</h2>
        <p>
          Create a game through the API, or seed the demo league with <code>npm run seed</code> and restart the API.
        </p>
      </div>
    );
  }
  return (
    <>
      {complete ? null : (
        <div className="notice warn">
          <p>Only the newest games are listed ({formatCount(total)} in all); standings cover the games listed.</p>
        </div>
      )}
      {leagues.map((league) => (
        <LeagueSection key={league.name ?? '(none)'} league={league} />
      ))}
    </>
  );
}

function LeagueSection({ league }: { league: League }) {
  const title = league.name ?? 'Games without a league';
  const headingId = `league-${(league.name ?? 'none').toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="league">
      <h2 id={headingId}>{title}</h2>
      <div className="panel">
        <div className="table-wrap">
          <table data-testid="games-table">
            <caption>
              {formatCount(league.games.length)} {league.games.length === 1 ? 'game' : 'games'}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Game</th>
                <th scope="col">Phase</th>
                <th scope="col">Players</th>
                <th scope="col">Round</th>
                <th scope="col">Winner(s)</th>
                <th scope="col" className="num">
                  Events
                </th>
                <th scope="col">Last update</th>
              </tr>
            </thead>
            <tbody>
              {league.games.map((game) => {
                const names = new Map(game.players.map((player) => [player.playerId, player.name]));
                return (
                  <tr key={game.id} data-game={game.id}>
                    <th scope="row">
                      <Link href={`/games/${encodeURIComponent(game.id)}`}>{game.id}</Link>
                    </th>
                    <td>
                      <PhaseBadge phase={game.phase} />
                    </td>
                    <td>{joinNames(game.players.map((player) => player.name))}</td>
                    <td>{roundText(game)}</td>
                    <td>{game.winners.length > 0 ? joinNames(game.winners.map((id) => names.get(id) ?? id)) : <span className="muted">—</span>}</td>
                    <td className="num">{formatCount(game.eventCount)}</td>
                    <td className="small">{formatDateTime(game.updatedAt)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </div>
      <div className="panel">
        <h3>Standings</h3>
        {league.standings.length === 0 ? (
          <p className="empty">No finished game yet: standings appear once a game is over.</p>
        ) : (
          <div className="table-wrap">
            <table data-testid="standings-table" className="standings">
              <caption>
                Computed by the dashboard from the results of {formatCount(league.finishedGames)} finished{' '}
                {league.finishedGames === 1 ? 'game' : 'games'}; games in play are not counted. A tie for first is a win for each tied player.
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="num">
                    #
                  </th>
                  <th scope="col">Player</th>
                  <th scope="col" className="num">
                    Wins
                  </th>
                  <th scope="col" className="num">
                    Games played
                  </th>
                  <th scope="col" className="num">
                    Average final net worth
                  </th>
                </tr>
              </thead>
              <tbody>
                {league.standings.map((standing, index) => (
                  <tr key={standing.playerId}>
                    <td className="num">{index + 1}</td>
                    <th scope="row">{standing.name}</th>
                    <td className="num">{formatCount(standing.wins)}</td>
                    <td className="num">{formatCount(standing.played)}</td>
                    <td className="num">{formatCents(standing.averageFinalNetWorth)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
