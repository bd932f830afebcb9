import type { Metadata } from 'next';
import { Suspense } from 'react';
import { API_HINT, ErrorNotice } from '../../../../components/error-notice';
import { GameHeader } from '../../../../components/game-header';
import { LoadingPanel } from '../../../../components/loading-panel';
import { OtherReplayPage } from '../../../../components/other-game-pages';
import { ReplayViewer } from '../../../../components/replay-viewer';
import { lookUpGame, type GameRouteParams } from '../../../../lib/game-page';
import { loadReplayView } from '../../../../lib/game-view';
import { describeError } from '../../../../lib/graphql';
import { lookUpOtherGame } from '../../../../lib/other-game-page';
import { parsePosition } from '../../../../lib/replay-navigation';
import { serverRequester } from '../../../../lib/server-api';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: GameRouteParams }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Replay of ${id}` };
}

export default async function ReplayPage({ params, searchParams }: { params: GameRouteParams; searchParams: SearchParams }) {
  const { id } = await params;
  const search = await searchParams;
  const position = parsePosition(search['position']);
  const other = await lookUpOtherGame(id);
  if (other.kind === 'ERROR') return <ErrorNotice error={other.error} hint={API_HINT} />;
  if (other.kind === 'OTHER') {
    const viewAs = typeof search['viewAs'] === 'string' && search['viewAs'] !== '' ? search['viewAs'] : null;
    return <OtherReplayPage summary={other.summary} position={position} viewAs={viewAs} />;
  }
  const lookup = await lookUpGame(id);
  if (lookup.error !== undefined) return <ErrorNotice error={lookup.error} hint={API_HINT} />;
  return (
    <>
      <GameHeader game={lookup.game} active="replay" />
      <Suspense fallback={<LoadingPanel label="Loading the stream for the replay…" />}>
        <Replay id={id} position={position} />
      </Suspense>
    </>
  );
}

async function Replay({ id, position }: { id: string; position: number | null }) {
  try {
    const view = await loadReplayView(await serverRequester(), id, position);
    if (view === null) return <ErrorNotice error={{ title: 'Game not found', message: `There is no game "${id}".`, code: null }} />;
    return (
      <ReplayViewer
        key={`${id}:${position ?? 'last'}`}
        game={view.game}
        events={view.events}
        streamComplete={view.streamComplete}
        netWorth={view.netWorth}
        initialIndex={view.initialIndex}
        initialSnapshot={view.initialSnapshot}
      />
    );
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
}
