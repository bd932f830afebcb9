import type { IncomingMessage } from 'node:http';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { unwrapResolverError } from '@apollo/server/errors';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { Global, Logger, Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import type { GraphQLFormattedError } from 'graphql';
import { GAME_ACCESS_POLICY, type GameAccessPolicy, type Principal } from './access/access.port';
import { BolsaModule } from './bolsa/bolsa.module';
import type { Authenticator } from './common/principal/authenticator';
import type { RequestContext } from './common/principal/current-principal.decorator';
import { DomainErrorFilter } from './common/domain-error.filter';
import { GameExportModule } from './export/game-export.module';
import { DisputeGateModule, DisputesModule } from './disputes/disputes.module';
import { ErrorCode, INTERNAL_ERROR_MESSAGE } from './common/errors/error-codes';
import { fieldsOfVariableError } from './common/errors/variable-error-fields';
import { LimitsModule } from './common/limits/limits.module';
import { subscriptionLimits, type RateLimiterSlot } from './common/limits/query-limits';
import { executeWithCodes, validateWithCodes } from './common/limits/socket-errors';
import { sharedSubscriptions } from './common/pubsub/shared-subscriptions';
import { createValidationPipe } from './common/validation/validation.pipe';
import { GamesModule } from './games/games.module';
import { HealthModule } from './health/health.module';
import { AccountAccessPolicy } from './identity/account-access.policy';
import { GameRefereesModule } from './access/game-referees.module';
import { IdentityModule } from './identity/identity.module';
import { InfrastructureModule, type InfrastructureOptions } from './infrastructure/infrastructure.module';
import { IntegrityModule } from './integrity/integrity.module';
import { MaxiBourseModule } from './maxi-bourse/maxi-bourse.module';
import { SchemaModule } from './schema/schema.module';
import { ApiMetrics } from './observability/api-metrics';
import { requestLogPlugin } from './observability/request-logging';

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

export interface AppModuleOptions extends InfrastructureOptions {
  /** Who may issue which command and see what; the account-based AccountAccessPolicy when absent. */
  readonly accessPolicy?: GameAccessPolicy;
  readonly authenticator?: Authenticator;
}

/** What Apollo (HTTP) and graphql-ws (WebSocket) hand to the context factory. */
interface ContextInput {
  readonly req?: unknown;
  readonly res?: unknown;
  readonly extra?: { principal?: unknown };
  readonly connectionParams?: Readonly<Record<string, unknown>>;
}

/** HTTP operations see `req`; WebSocket operations see the connection's `extra`, where its principal lives. */
function graphQLContext(input: ContextInput): RequestContext {
  if (input.extra !== undefined) return { extra: input.extra, ...(input.connectionParams ? { connectionParams: input.connectionParams } : {}) };
  return { req: input.req as RequestContext['req'] };
}

/**
 * GAME_ACCESS_POLICY for every game module: the identity module's AccountAccessPolicy (accounts, API
 * token scopes and league roles), unless the app was given another policy (tests about game rules pass
 * OpenAccessPolicy or TestAccessPolicy).
 */
@Global()
@Module({})
class AccessModule {
  static forRoot(policy: GameAccessPolicy | undefined): DynamicModule {
    if (policy) {
      return { module: AccessModule, providers: [{ provide: GAME_ACCESS_POLICY, useValue: policy }], exports: [GAME_ACCESS_POLICY] };
    }
    return {
      module: AccessModule,
      imports: [IdentityModule],
      providers: [{ provide: GAME_ACCESS_POLICY, useExisting: AccountAccessPolicy }],
      exports: [GAME_ACCESS_POLICY],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(options: AppModuleOptions): DynamicModule {
    const { authenticator, config } = options;
    // Made here so that the WebSocket hooks below can count connections into the app's registry.
    const metrics = options.metrics ?? new ApiMetrics();
    const rateLimiter: RateLimiterSlot = {};
    return {
      module: AppModule,
      imports: [
        InfrastructureModule.forRoot({ ...options, metrics }),
        AccessModule.forRoot(options.accessPolicy),
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: GRAPHQL_PATH,
          autoSchemaFile: true,
          sortSchema: true,
          // GraphiQL is served from the installed packages by createApp (schema/graphiql.ts), never from a CDN.
          graphiql: false,
          // One operation per HTTP request: batched arrays are refused (Apollo Server's default, kept explicit).
          allowBatchedHttpRequests: false,
          // Off in production unless asked for (INTROSPECTION), the same on graphql-ws's onSubscribe
          // (query-limits.ts); the schema stays public at GET /schema.graphql.
          introspection: config.introspection,
          // Documents are checked before Apollo Server sees them (http-hardening.ts); the token cap holds here too.
          parseOptions: { maxTokens: config.limits.maxTokens },
          // Off: a query sent by its hash alone would skip the document limits checked on the query text.
          persistedQueries: false,
          // No cache hints are given (every answer depends on the game's moment and the reader), so Apollo's
          // cache-control plugin, which wraps every field's resolver to compute them, is left out.
          plugins: [ApolloServerPluginCacheControlDisabled(), requestLogPlugin()],
          context: graphQLContext,
          subscriptions: {
            'graphql-ws': {
              onSubscribe: subscriptionLimits({
                limits: config.limits,
                introspection: config.introspection,
                trustProxyHops: config.trustProxyHops,
                rateLimiter,
              }),
              // graphql-ws's own options, which Nest passes on (its type leaves them out): a public board's
              // update is executed once for all its subscribers, not once each; graphql-js's errors get the
              // codes Apollo Server gives them over HTTP.
              ...{ subscribe: sharedSubscriptions(), execute: executeWithCodes, validate: validateWithCodes },
              // A socket is authenticated once, when it connects; its operations then read `extra.principal`.
              onConnect: async (ctx) => {
                // graphql-ws's `ws` server puts the socket and its upgrade request in `extra`.
                const extra = ctx.extra as { request: IncomingMessage; principal?: Principal };
                const principal = await authenticator?.fromConnection?.(ctx.connectionParams, extra.request);
                if (principal) extra.principal = principal;
                metrics.socketOpened(ctx);
                return true;
              },
              onClose: (ctx) => metrics.socketClosed(ctx),
            },
          },
          fieldResolverEnhancers: ['filters'],
          autoTransformHttpErrors: false,
          includeStacktraceInErrorResponses: false,
          formatError: formatGraphQLError,
        }),
        DisputeGateModule,
        GamesModule,
        DisputesModule,
        BolsaModule,
        MaxiBourseModule,
        IntegrityModule,
        HealthModule,
        SchemaModule,
        GameExportModule,
        LimitsModule.forRoot(config.rateLimits, rateLimiter),
        IdentityModule,
        GameRefereesModule,
      ],
      providers: [
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: DomainErrorFilter },
      ],
    };
  }
}
