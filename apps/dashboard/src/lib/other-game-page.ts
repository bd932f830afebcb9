import { notFound } from 'next/navigation';
import { describeError, isNotFoundError, type ErrorInfo } from './graphql';
import { lookUpGameKind, type OtherGameSummary } from './multi-game';
import { serverRequester } from './server-api';

export type OtherGameLookup =
  | { readonly kind: 'STOCK_TICKER' }
  | { readonly kind: 'OTHER'; readonly summary: OtherGameSummary }
  | { readonly kind: 'ERROR'; readonly error: ErrorInfo };

/** Which game a /games/[id] page shows: Stock Ticker (its own pages), BOLSA or Maxi Bourse, or not found. */
export async function lookUpOtherGame(id: string): Promise<OtherGameLookup> {
  let found;
  try {
    found = await lookUpGameKind(await serverRequester(), id);
  } catch (error) {
    if (isNotFoundError(error)) notFound();
    return { kind: 'ERROR', error: describeError(error) };
  }
  if (found.kind === null) notFound();
  if (found.kind === 'STOCK_TICKER') return { kind: 'STOCK_TICKER' };
  return { kind: 'OTHER', summary: found.summary };
}
