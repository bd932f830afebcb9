import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { API_HINT, ErrorNotice } from '../../../components/error-notice';
import { RulingForm } from '../../../components/ruling-form';
import { StateComparison } from '../../../components/state-comparison';
import { requireAccount } from '../../../lib/account';
import { fetchDispute, stateMoneyUnit, statusLabel, type DisputeDetail } from '../../../lib/disputes';
import { formatDateTime } from '../../../lib/format';
import { describeError, isNotFoundError, type Requester } from '../../../lib/graphql';
import { fetchLeague, fetchLeagues } from '../../../lib/leagues';

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: 'Dispute' };

const PLAYERS_QUERY = `query DashboardDisputePlayers($id: ID!) {
  game(id: $id) { players { playerId name } }
  bolsaGame(id: $id) { players { playerId name } }
  maxiBourseGame(id: $id) { players { playerId name } }
}`;

type PlayerList = { players: { playerId: string; name: string }[] } | null;

async function playersOf(request: Requester, gameId: string): Promise<{ playerId: string; name: string }[]> {
  const data: { game: PlayerList; bolsaGame: PlayerList; maxiBourseGame: PlayerList } = await request(PLAYERS_QUERY, { id: gameId });
  return (data.game ?? data.bolsaGame ?? data.maxiBourseGame)?.players ?? [];
}

/**
 * Whether the signed-in account organises the league the game is a table of (so it referees the game).
 * The API decides in the end: a ruling by anyone else is refused with NOT_A_REFEREE.
 */
async function organisesGame(request: Requester, gameId: string, leagueId: string | null): Promise<boolean> {
  const leagues = (await fetchLeagues(request)).filter((league) => league.myRole === 'ORGANISER');
  for (const summary of leagues) {
    if (summary.id === leagueId) return true;
    const league = await fetchLeague(request, summary.id);
    if (league?.seasons.some((season) => season.tables.some((table) => table.gameId === gameId))) return true;
  }
  return false;
}

/** The stock or company ids a state prices (its `prices` object or list). */
function stocksIn(state: unknown): string[] {
  if (typeof state !== 'object' || state === null) return [];
  const prices = (state as Record<string, unknown>)['prices'];
  if (Array.isArray(prices)) return prices.flatMap((entry) => (typeof entry === 'object' && entry !== null && typeof (entry as Record<string, unknown>)['company'] === 'string' ? [String((entry as Record<string, unknown>)['company'])] : []));
  if (typeof prices === 'object' && prices !== null) return Object.keys(prices);
  return [];
}

export default async function DisputePage({ params }: { params: Params }) {
  const { id } = await params;
  const { request, account } = await requireAccount(`/disputes/${encodeURIComponent(id)}`);
  let dispute: DisputeDetail | null;
  let players: { playerId: string; name: string }[] = [];
  let referee = false;
  try {
    dispute = await fetchDispute(request, id);
    if (dispute === null) notFound();
    players = await playersOf(request, dispute.gameId);
    referee = (dispute.openedAs === 'REFEREE' && dispute.openedBy === account.id) || (await organisesGame(request, dispute.gameId, dispute.leagueId));
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  const names = new Map(players.map((player) => [player.playerId, player.name]));
  const game = `/games/${encodeURIComponent(dispute.gameId)}`;
  const unit = stateMoneyUnit(dispute.gameType);
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href={game}>{dispute.gameId}</Link>
          </li>
          <li>
            <Link href={`${game}/disputes`}>Disputes</Link>
          </li>
          <li aria-current="page">{dispute.id}</li>
        </ol>
      </nav>
      <h1>
        Dispute over {dispute.gameId}, revision {dispute.disputedEvent.revision}{' '}
        <span className={`badge status-${dispute.status.toLowerCase()}`} data-testid="dispute-status">
          {statusLabel(dispute.status)}
        </span>
      </h1>
      <section className="panel" aria-labelledby="claim-title">
        <h2 id="claim-title">The claim</h2>
        <blockquote data-testid="dispute-claim">{dispute.claim}</blockquote>
        <p className="small muted">
          Opened {formatDateTime(dispute.openedAt)} by {dispute.openedAs === 'PLAYER' ? `player ${names.get(dispute.playerId ?? '') ?? dispute.playerId ?? ''}` : 'the referee'} ·
          disputed event <span className="mono">{dispute.disputedEvent.type}</span> at position{' '}
          <Link href={`${game}/replay?position=${dispute.disputedEvent.position}`}>{dispute.disputedEvent.position}</Link>
          {dispute.pausesGame ? ' · the game takes no command until the ruling' : ''}
        </p>
      </section>
      <section className="panel" aria-labelledby="states-title">
        <h2 id="states-title">Before and after the disputed event</h2>
        <StateComparison
          left={dispute.before.state}
          right={dispute.after.state}
          leftTitle={`Before (revision ${dispute.before.revision ?? '—'})`}
          rightTitle={`After (revision ${dispute.after.revision ?? '—'})`}
          unit={unit}
          testId="before-after"
        />
      </section>
      {dispute.ruling !== null ? (
        <section className="panel" aria-labelledby="ruling-title" data-testid="ruling">
          <h2 id="ruling-title">Ruling: {dispute.ruling.outcome.toLowerCase()}</h2>
          <p>{dispute.ruling.reason}</p>
          {dispute.ruling.remedy !== null ? (
            <p className="small">
              Remedy: {dispute.ruling.remedy.kind.toLowerCase()}
              {dispute.ruling.remedy.kind === 'REWIND' ? `, events after revision ${dispute.ruling.remedy.afterRevision} voided` : ''}
              {dispute.ruling.remedy.adjustments.length > 0
                ? `: ${dispute.ruling.remedy.adjustments
                    .map((adjustment) =>
                      adjustment.kind === 'PRICE'
                        ? `${adjustment.stock} price to ${adjustment.to}`
                        : `${names.get(adjustment.playerId ?? '') ?? adjustment.playerId} ${adjustment.kind === 'CASH' ? 'cash' : `${adjustment.stock} shares`} ${adjustment.delta !== null && adjustment.delta > 0 ? '+' : ''}${adjustment.delta}`,
                    )
                    .join('; ')} (money in ${unit})`
                : ''}
              . Written at revision(s) <span className="mono">{dispute.ruling.remedyRevisions.join(', ')}</span>.
            </p>
          ) : null}
          <p className="small muted">Ruled {formatDateTime(dispute.ruling.ruledAt)}.</p>
        </section>
      ) : referee ? (
        <section className="panel" aria-labelledby="rule-title">
          <h2 id="rule-title">Rule on it</h2>
          <RulingForm
            disputeId={dispute.id}
            gameType={dispute.gameType}
            disputedRevision={dispute.disputedEvent.revision}
            players={players}
            stocks={stocksIn(dispute.before.state)}
          />
        </section>
      ) : (
        <div className="notice">
          <p>The game&apos;s referee will rule on this dispute.</p>
        </div>
      )}
    </>
  );
}
