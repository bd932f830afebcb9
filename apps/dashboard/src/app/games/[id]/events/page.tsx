import type { Metadata } from 'next';
import { Suspense } from 'react';
import { API_HINT, ErrorNotice } from '../../../../components/error-notice';
import { EventLog } from '../../../../components/event-log';
import { GameHeader } from '../../../../components/game-header';
import { LoadingPanel } from '../../../../components/loading-panel';
import { OtherEventsPage } from '../../../../components/other-game-pages';
import { lookUpGame, type GameRouteParams } from '../../../../lib/game-page';
import { describeError } from '../../../../lib/graphql';
import { lookUpOtherGame } from '../../../../lib/other-game-page';
import { eventsArgs, parseAuditTrailQuery, type AuditTrailQuery } from '../../../../lib/audit-trail';
import { fetchEventsPage } from '../../../../lib/queries';
import { serverRequester } from '../../../../lib/server-api';
import type { GameSummary } from '../../../../lib/types';

const PAGE_SIZE = 50;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: GameRouteParams }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Audit trail of ${id}` };
}

export default async function EventsPage({ params, searchParams }: { params: GameRouteParams; searchParams: SearchParams }) {
  const { id } = await params;
  const query = parseAuditTrailQuery(await searchParams);
  const other = await lookUpOtherGame(id);
  if (other.kind === 'ERROR') return <ErrorNotice error={other.error} hint={API_HINT} />;
  if (other.kind === 'OTHER') return <OtherEventsPage summary={other.summary} query={query} />;
  const lookup = await lookUpGame(id);
  if (lookup.error !== undefined) return <ErrorNotice error={lookup.error} hint={API_HINT} />;
  return (
    <>
      <GameHeader game={lookup.game} active="events" />
      <Suspense fallback={<LoadingPanel label="Loading events…" />}>
        <Events game={lookup.game} query={query} />
      </Suspense>
    </>
  );
}

async function Events({ game, query }: { game: GameSummary; query: AuditTrailQuery }) {
  try {
    const page = await fetchEventsPage(await serverRequester(), game.id, PAGE_SIZE, null, eventsArgs(query, PAGE_SIZE));
    if (page === null) return <ErrorNotice error={{ title: 'Game not found', message: `There is no game "${game.id}".`, code: null }} />;
    return <EventLog gameId={game.id} players={game.players} page={page} query={query} />;
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
}
