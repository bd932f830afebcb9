import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';
import type { RateLimits } from '../../config/app-config';
import type { RateLimiterSlot } from './query-limits';
import { IP_LIMIT, RATE_LIMITER_SLOT, RateLimitGuard, TOKEN_LIMIT, tokenTracker } from './rate-limit.guard';

/** Rate limits per address and per credential (RATE_LIMIT_*), or nothing when they are off; `slot` gets the limiter for graphql-ws. */
@Module({})
export class LimitsModule {
  static forRoot(limits: RateLimits, slot: RateLimiterSlot): DynamicModule {
    if (!limits.enabled) return { module: LimitsModule };
    const ttl = limits.windowSeconds * 1000;
    return {
      module: LimitsModule,
      imports: [
        ThrottlerModule.forRoot({
          throttlers: [
            { name: IP_LIMIT, ttl, limit: limits.perIp },
            { name: TOKEN_LIMIT, ttl, limit: limits.perToken, getTracker: tokenTracker },
          ],
        }),
      ],
      providers: [{ provide: RATE_LIMITER_SLOT, useValue: slot }, { provide: APP_GUARD, useClass: RateLimitGuard }],
    };
  }
}
