import { notFound } from 'next/navigation';
import { describeError, isNotFoundError, type ErrorInfo } from './graphql';
import { fetchGameSummary } from './queries';
import { serverRequester } from './server-api';
import type { GameSummary } from './types';

export type GameLookup = { readonly game: GameSummary; readonly error?: undefined } | { readonly game?: undefined; readonly error: ErrorInfo };

/** The game behind a page, or the not-found page (unknown or malformed id), or the API's failure to show. */
export async function lookUpGame(id: string): Promise<GameLookup> {
  let game: GameSummary | null;
  try {
    game = await fetchGameSummary(await serverRequester(), id);
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return { error: describeError(error) };
  }
  if (game === null) notFound();
  return { game };
}

export type GameRouteParams = Promise<{ id: string }>;
