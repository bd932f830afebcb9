import { publicSubscriptionUrl } from '../lib/config';
import { describeError } from '../lib/graphql';
import { fetchBolsaBoard, fetchMaxiBourseBoard, fetchOtherEventsPage, fetchOtherEventStream, type CompanyRow, type OtherGameSummary } from '../lib/multi-game';
import { indexAtOrBefore } from '../lib/replay-navigation';
import { serverRequester } from '../lib/server-api';
import { API_HINT, ErrorNotice } from './error-notice';
import { OtherEventLog } from './other-event-log';
import { OtherGameBoardView } from './other-game-board';
import { OtherGameHeader } from './other-game-header';
import { LiveRefresh } from './live-refresh';
import { OtherReplay } from './other-replay';
import { eventsArgs, type AuditTrailQuery } from '../lib/audit-trail';

const EVENTS_PAGE_SIZE = 50;

export async function OtherBoardPage({ summary }: { summary: OtherGameSummary }) {
  let content;
  try {
    const request = await serverRequester();
    const board = summary.kind === 'BOLSA' ? await fetchBolsaBoard(request, summary) : await fetchMaxiBourseBoard(request, summary);
    content = board === null ? <ErrorNotice error={{ title: 'Game not found', message: `There is no game "${summary.id}".`, code: null }} /> : <OtherGameBoardView board={board} />;
  } catch (error) {
    content = <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  return (
    <>
      <OtherGameHeader game={summary} active="board" />
      {summary.phase !== 'FINISHED' ? <LiveRefresh gameId={summary.id} afterPosition={summary.lastPosition} subscriptionUrl={publicSubscriptionUrl()} /> : null}
      {content}
    </>
  );
}

export async function OtherEventsPage({ summary, query }: { summary: OtherGameSummary; query: AuditTrailQuery }) {
  let content;
  try {
    const page = await fetchOtherEventsPage(await serverRequester(), summary.kind, summary.id, EVENTS_PAGE_SIZE, null, eventsArgs(query, EVENTS_PAGE_SIZE));
    content =
      page === null ? (
        <ErrorNotice error={{ title: 'Game not found', message: `There is no game "${summary.id}".`, code: null }} />
      ) : (
        <OtherEventLog kind={summary.kind} gameId={summary.id} players={summary.players} page={page} query={query} />
      );
  } catch (error) {
    content = <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  return (
    <>
      <OtherGameHeader game={summary} active="events" />
      {content}
    </>
  );
}

export async function OtherReplayPage({ summary, position, viewAs }: { summary: OtherGameSummary; position: number | null; viewAs: string | null }) {
  let content;
  try {
    const request = await serverRequester();
    const [stream, board] = await Promise.all([
      fetchOtherEventStream(request, summary.kind, summary.id),
      summary.kind === 'BOLSA' ? fetchBolsaBoard(request, summary) : fetchMaxiBourseBoard(request, summary),
    ]);
    const positions = stream.events.map((event) => event.position);
    const initialIndex = position === null ? Math.max(0, positions.length - 1) : indexAtOrBefore(positions, position);
    const history = [...(board?.companies ?? [])]
      .sort((a: CompanyRow, b: CompanyRow) => b.history.length - a.history.length || a.id.localeCompare(b.id))
      .map((row) => ({ id: row.id, label: row.label, points: row.history }));
    content = (
      <OtherReplay
        key={`${summary.id}:${position ?? 'last'}`}
        kind={summary.kind}
        gameId={summary.id}
        players={summary.players}
        viewer={summary.viewer}
        events={stream.events}
        streamComplete={stream.complete}
        initialIndex={initialIndex}
        initialViewAs={viewAs}
        priceHistory={history}
      />
    );
  } catch (error) {
    content = <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
  return (
    <>
      <OtherGameHeader game={summary} active="replay" />
      {content}
    </>
  );
}
