import type { Metadata } from 'next';
import { Suspense } from 'react';
import { API_HINT, ErrorNotice } from '../../../components/error-notice';
import { GameHeader } from '../../../components/game-header';
import { LiveGame } from '../../../components/live-game';
import { LoadingPanel } from '../../../components/loading-panel';
import { OtherBoardPage } from '../../../components/other-game-pages';
import { publicSubscriptionUrl } from '../../../lib/config';
import { lookUpGame, type GameRouteParams } from '../../../lib/game-page';
import { loadGameView } from '../../../lib/game-view';
import { describeError } from '../../../lib/graphql';
import { lookUpOtherGame } from '../../../lib/other-game-page';
import { serverRequester } from '../../../lib/server-api';

export async function generateMetadata({ params }: { params: GameRouteParams }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Game ${id}` };
}

export default async function GamePage({ params }: { params: GameRouteParams }) {
  const { id } = await params;
  const other = await lookUpOtherGame(id);
  if (other.kind === 'ERROR') return <ErrorNotice error={other.error} hint={API_HINT} />;
  if (other.kind === 'OTHER') return <OtherBoardPage summary={other.summary} />;
  const lookup = await lookUpGame(id);
  if (lookup.error !== undefined) return <ErrorNotice error={lookup.error} hint={API_HINT} />;
  return (
    <Suspense
      fallback={
        <>
          <GameHeader game={lookup.game} active="board" />
          <LoadingPanel label="Loading the board, portfolios and charts…" />
        </>
      }
    >
      <GameBoard id={id} />
    </Suspense>
  );
}

async function GameBoard({ id }: { id: string }) {
  try {
    const view = await loadGameView(await serverRequester(), id);
    if (view === null) return <ErrorNotice error={{ title: 'Game not found', message: `There is no game "${id}".`, code: null }} />;
    return <LiveGame initial={view} subscriptionUrl={publicSubscriptionUrl()} />;
  } catch (error) {
    return <ErrorNotice error={describeError(error)} hint={API_HINT} />;
  }
}
