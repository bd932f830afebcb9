import { Controller, Get, Header, Inject } from '@nestjs/common';
import type { EventStore } from '@corbeille/event-store';
import type { AppConfig } from '../config/app-config';
import { probeProjections } from '../health/projection-probe';
import { TRACKED_PROJECTIONS, TrackedProjections } from '../health/tracked-projections';
import { API_METRICS, APP_CONFIG, EVENT_STORE } from '../infrastructure/infrastructure.tokens';
import type { ApiMetrics } from './api-metrics';

/** Lag is counted up to this many events per projection at each scrape (or the readiness bound, if larger). */
const LAG_COUNT_CAP = 1000;

/**
 * GET /metrics in Prometheus' text format. Projection positions and lags are measured at each scrape; the
 * rest are counters and gauges kept as things happen. The gateway of the cluster file does not route it:
 * Prometheus scrapes each instance on its own address.
 */
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(API_METRICS) private readonly metrics: ApiMetrics,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(TRACKED_PROJECTIONS) private readonly tracked: TrackedProjections,
  ) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async scrape(): Promise<string> {
    const cap = Math.max(LAG_COUNT_CAP, this.config.readiness.maxLagEvents + 1);
    const probe = await probeProjections(this.store, this.tracked.list(), cap, this.config.readiness.probeTimeoutMs);
    this.metrics.eventStoreUp.set(probe.eventStore === 'ok' ? 1 : 0);
    this.metrics.projectionLagCap.set(cap);
    for (const projection of probe.projections) {
      if (projection.position !== null) this.metrics.projectionPosition.set({ projection: projection.name }, projection.position);
      if (projection.lagEvents !== null) this.metrics.projectionLag.set({ projection: projection.name }, projection.lagEvents);
    }
    return this.metrics.registry.metrics();
  }
}
