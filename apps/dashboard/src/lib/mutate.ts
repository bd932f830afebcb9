import { browserRequest } from './browser-api';
import { describeError, type ErrorInfo, type Variables } from './graphql';

export type MutationResult<T> = { readonly ok: true; readonly data: T } | { readonly ok: false; readonly error: ErrorInfo };

/** A GraphQL request from a form: the data, or the API's error described for the user (the form keeps its values). */
export async function submitGraphQL<T>(query: string, variables: Variables): Promise<MutationResult<T>> {
  try {
    return { ok: true, data: await browserRequest<T>(query, variables) };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}
