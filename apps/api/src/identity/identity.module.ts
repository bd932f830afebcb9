import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import type { EventStore } from '@corbeille/event-store';
import { GAME_RESULT_EXTRACTORS } from '@corbeille/identity';
import { correctedGameResults } from '@corbeille/rulings';
import type { AppConfig } from '../config/app-config';
import type { CatchUpLog } from '../infrastructure/catch-up-log';
import { APP_CONFIG, CATCH_UP_LOG, CLOCK, EVENT_STORE } from '../infrastructure/infrastructure.tokens';
import type { Clock } from '../infrastructure/system-clock';
import { AccountAccessPolicy, accessDirectoryOf } from './account-access.policy';
import { AuthenticationService } from './auth/authentication.service';
import { PasswordHasher } from './auth/password-hasher';
import { PrincipalGuard } from './auth/principal.guard';
import { SessionTokens } from './auth/session-tokens';
import { loadAuthConfig, type AuthConfig } from './config/auth-config';
import { ClassExportController } from './http/class-export.controller';
import { SeasonExportController } from './http/season-export.controller';
import { AUTH_CONFIG, IDENTITY_PROJECTION } from './identity.tokens';
import { IdentityProjection } from './read-models/identity.projection';
import { IdentityStore } from './read-models/identity.store';
import { AccountsResolver } from './resolvers/accounts.resolver';
import { ApiTokensResolver } from './resolvers/api-tokens.resolver';
import { ClassAuditResolver } from './resolvers/class-audit.resolver';
import { LeaguesResolver } from './resolvers/leagues.resolver';
import { SeasonResolver } from './resolvers/season.resolver';
import { AccountsService } from './services/accounts.service';
import { ApiTokensService } from './services/api-tokens.service';
import { ClassAuditService } from './services/class-audit.service';
import { IdentityCommandsService } from './services/identity-commands.service';
import { LeagueViewsService } from './services/league-views.service';
import { LeaguesService } from './services/leagues.service';
import { TradeNotesService } from './services/trade-notes.service';

/** Made once per process when AUTH_SECRET is unset; never written anywhere. */
let processSecret: Buffer | undefined;

function authConfig(): AuthConfig {
  const firstTime = processSecret === undefined;
  const config = loadAuthConfig(process.env, () => (processSecret ??= randomBytes(32)));
  if (config.secretSource === 'generated' && firstTime) {
    new Logger('Identity').warn(
      'AUTH_SECRET is not set: sessions are signed with a random secret of this process and end when it stops. Set AUTH_SECRET (32+ characters) in production.',
    );
  }
  return config;
}

@Injectable()
class IdentityShutdown implements OnApplicationShutdown {
  constructor(@Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection) {}

  async onApplicationShutdown(): Promise<void> {
    await this.projection.stop();
  }
}

/**
 * Accounts, sessions, API tokens, leagues, standings and the classes' trade audit. Its guard sets the
 * principal of every request; AccountAccessPolicy is provided (and exported) for the app module, which
 * binds it as GAME_ACCESS_POLICY unless the app was given another policy.
 */
@Module({
  providers: [
    { provide: AUTH_CONFIG, useFactory: authConfig },
    {
      provide: IDENTITY_PROJECTION,
      useFactory: async (store: EventStore, config: AppConfig, catchUpLog: CatchUpLog): Promise<IdentityProjection> => {
        // A referee's correction of a finished game records its corrected result: it replaces the first one.
        const projection = new IdentityProjection(store, new IdentityStore(config.readModelsPath), [...GAME_RESULT_EXTRACTORS, correctedGameResults]);
        await projection.start(catchUpLog?.());
        return projection;
      },
      inject: [EVENT_STORE, APP_CONFIG, CATCH_UP_LOG],
    },
    {
      provide: PasswordHasher,
      useFactory: (config: AuthConfig) => new PasswordHasher(config.bcryptRounds),
      inject: [AUTH_CONFIG],
    },
    {
      provide: SessionTokens,
      useFactory: (config: AuthConfig, clock: Clock) => new SessionTokens(config.secret, config.sessionTtlSeconds, clock),
      inject: [AUTH_CONFIG, CLOCK],
    },
    {
      provide: AccountAccessPolicy,
      useFactory: (projection: IdentityProjection) => new AccountAccessPolicy(accessDirectoryOf(projection.store)),
      inject: [IDENTITY_PROJECTION],
    },
    IdentityCommandsService,
    AuthenticationService,
    AccountsService,
    ApiTokensService,
    LeaguesService,
    LeagueViewsService,
    ClassAuditService,
    TradeNotesService,
    AccountsResolver,
    ApiTokensResolver,
    LeaguesResolver,
    SeasonResolver,
    ClassAuditResolver,
    IdentityShutdown,
    { provide: APP_GUARD, useClass: PrincipalGuard },
  ],
  controllers: [SeasonExportController, ClassExportController],
  exports: [AccountAccessPolicy, AuthenticationService, IDENTITY_PROJECTION, IdentityCommandsService],
})
export class IdentityModule {}
