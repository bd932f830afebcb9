import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { DisputeList } from '../../../../components/dispute-list';
import { API_HINT, ErrorNotice } from '../../../../components/error-notice';
import { requireAccount } from '../../../../lib/account';
import { fetchDisputes, type DisputeSummary } from '../../../../lib/disputes';
import { describeError, isNotFoundError, type Requester } from '../../../../lib/graphql';
import { fetchLeague, leagueHref, type LeagueDetail } from '../../../../lib/leagues';

type Params = Promise<{ id: string }>;

export const metadata: Metadata = { title: 'Disputes' };

/**
 * The disputes of every game of a league or class: those the API files under the league, and those of
 * each of its tables' games (a game may name its league otherwise than by id), without duplicates.
 */
async function disputesOfLeague(request: Requester, league: LeagueDetail): Promise<DisputeSummary[]> {
  const games = [...new Set(league.seasons.flatMap((season) => season.tables.map((table) => table.gameId)))];
  const lists = await Promise.all([
    fetchDisputes(request, league.kind === 'CLASS' ? { classId: league.id } : { leagueId: league.id }),
    ...games.map((gameId) => fetchDisputes(request, { gameId })),
  ]);
  const byId = new Map(lists.flat().map((dispute) => [dispute.id, dispute]));
  return [...byId.values()].sort((a, b) => a.openedAt.localeCompare(b.openedAt));
}

/** The disputes of every game of a league or class. */
export default async function LeagueDisputesPage({ params }: { params: Params }) {
  const { id } = await params;
  const { request } = await requireAccount(`/leagues/${encodeURIComponent(id)}/disputes`);
  let league: LeagueDetail | null;
  let disputes: DisputeSummary[];
  try {
    league = await fetchLeague(request, id);
    if (league === null) notFound();
    disputes = await disputesOfLeague(request, league);
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  return (
    <>
      <nav className="breadcrumbs" aria-label="Breadcrumbs">
        <ol>
          <li>
            <Link href="/leagues">Leagues and classes</Link>
          </li>
          <li>
            <Link href={leagueHref(league)}>{league.name}</Link>
          </li>
          <li aria-current="page">Disputes</li>
        </ol>
      </nav>
      <h1>Disputes in {league.name}</h1>
      <section className="panel">
        <DisputeList disputes={disputes} />
      </section>
    </>
  );
}
