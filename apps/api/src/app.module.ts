import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { unwrapResolverError } from '@apollo/server/errors';
import { Logger, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { GraphQLFormattedError } from 'graphql';
import { DomainErrorFilter } from './common/domain-error.filter';
import { ErrorCode, INTERNAL_ERROR_MESSAGE } from './common/errors/error-codes';
import { fieldsOfVariableError } from './common/errors/variable-error-fields';
import { createValidationPipe } from './common/validation/validation.pipe';
import { GamesModule } from './games/games.module';
import { HealthModule } from './health/health.module';
import { InfrastructureModule, type InfrastructureOptions } from './infrastructure/infrastructure.module';

export const GRAPHQL_PATH = '/graphql';

/**
 * Errors from resolvers were mapped by DomainErrorFilter already. This adds `fields` to GraphQL's own
 * variable errors, and masks any other internal error (e.g. thrown outside a resolver) after logging it.
 */
export function formatGraphQLError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const code = formatted.extensions?.['code'];
  if (code === ErrorCode.BAD_USER_INPUT && formatted.extensions?.['fields'] === undefined) {
    const fields = fieldsOfVariableError(formatted.message);
    return fields ? { ...formatted, extensions: { ...formatted.extensions, fields } } : formatted;
  }
  if (code !== ErrorCode.INTERNAL_SERVER_ERROR) return formatted;
  if (formatted.message !== INTERNAL_ERROR_MESSAGE) {
    const original = unwrapResolverError(error);
    new Logger('GraphQL').error(original instanceof Error ? (original.stack ?? original.message) : String(original));
  }
  return { ...formatted, message: INTERNAL_ERROR_MESSAGE, extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } };
}

@Module({})
export class AppModule {
  static forRoot(options: InfrastructureOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot(options),
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: GRAPHQL_PATH,
          autoSchemaFile: true,
          sortSchema: true,
          graphiql: true,
          subscriptions: { 'graphql-ws': true },
          fieldResolverEnhancers: ['filters'],
          autoTransformHttpErrors: false,
          includeStacktraceInErrorResponses: false,
          formatError: formatGraphQLError,
        }),
        GamesModule,
        HealthModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
    };
  }
}
