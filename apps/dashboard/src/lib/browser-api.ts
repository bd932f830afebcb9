import { createRequester } from './graphql';

/** GraphQL from the browser goes through the dashboard's same-origin /graphql proxy. */
export const browserRequest = createRequester('/graphql');
