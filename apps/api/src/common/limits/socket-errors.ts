import { execute, GraphQLError, validate, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { ErrorCode } from '../errors/error-codes';

/**
 * graphql-ws reports graphql-js's own errors as they are, without `extensions.code`; over HTTP, Apollo
 * Server gives them codes. These wrappers give the socket the same codes, so a client reads one
 * catalogue whichever transport it uses.
 */

/** graphql-ws `validate`: the standard rules, each error coded GRAPHQL_VALIDATION_FAILED (as Apollo Server does). */
export function validateWithCodes(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document).map((error) => withCode(error, 'GRAPHQL_VALIDATION_FAILED'));
}

/**
 * graphql-ws `execute`: a result with errors and no data is a request refused before any resolver ran
 * (variables that do not fit their types, no operation to run), BAD_USER_INPUT as over HTTP; errors from
 * resolvers already carry their codes (DomainErrorFilter).
 */
export async function executeWithCodes(args: ExecutionArgs): Promise<ExecutionResult> {
  const result = await execute(args);
  if (result.data !== undefined || !result.errors) return result;
  return { ...result, errors: result.errors.map((error) => withCode(error, ErrorCode.BAD_USER_INPUT)) };
}

function withCode(error: GraphQLError, code: string): GraphQLError {
  if (error.extensions['code'] !== undefined) return error;
  return new GraphQLError(error.message, {
    ...(error.nodes ? { nodes: error.nodes } : {}),
    ...(error.path ? { path: error.path } : {}),
    originalError: error.originalError ?? null,
    extensions: { ...error.extensions, code },
  });
}
