import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { EventStore } from '@corbeille/event-store';
import type { ProjectionEngine } from '@corbeille/projections';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, EVENT_STORE, PROJECTIONS } from '../infrastructure/infrastructure.tokens';
import { probeProjections, type ProjectionLag } from './projection-probe';
import { TRACKED_PROJECTIONS, TrackedProjections } from './tracked-projections';

export interface HealthStatus {
  readonly status: 'ok';
  /** Global position of the last event folded into the read models. */
  readonly checkpoint: number;
}

export interface ReadinessStatus {
  readonly status: 'ready' | 'not-ready';
  readonly eventStore: 'ok' | 'unreachable';
  /** The most events a projection may be behind the log (HEALTH_MAX_LAG_EVENTS). */
  readonly maxLagEvents: number;
  readonly projections: readonly (ProjectionLag & { readonly ready: boolean })[];
}

/**
 * Liveness (the process answers), readiness (the event store answers and every projection is within the
 * configured lag) and the older summary at GET /health. While the API starts and its projections catch up
 * (a rebuild above all), main.ts answers these routes itself: live, not ready.
 */
@Controller('health')
export class HealthController {
  constructor(
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TRACKED_PROJECTIONS) private readonly tracked: TrackedProjections,
  ) {}

  @Get()
  health(): HealthStatus {
    return { status: 'ok', checkpoint: this.projections.checkpoint() };
  }

  @Get('live')
  live(): { readonly status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res({ passthrough: true }) response: { status(code: number): unknown }): Promise<ReadinessStatus> {
    const { maxLagEvents, probeTimeoutMs } = this.config.readiness;
    // Counting one event past the bound is enough to know a projection is beyond it.
    const probe = await probeProjections(this.store, this.tracked.list(), maxLagEvents + 1, probeTimeoutMs);
    const projections = probe.projections.map((lag) => ({ ...lag, ready: !lag.failed && lag.lagEvents !== null && lag.lagEvents <= maxLagEvents }));
    const ready = probe.eventStore === 'ok' && projections.every((projection) => projection.ready);
    response.status(ready ? 200 : 503);
    return { status: ready ? 'ready' : 'not-ready', eventStore: probe.eventStore, maxLagEvents, projections };
  }
}
