import { Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The API's Prometheus metrics, one registry per app (tests start several apps in one process, so the
 * library's global registry is not used). Served as text at GET /metrics (metrics.controller.ts).
 */
export class ApiMetrics {
  readonly registry = new Registry();
  /** The open graphql-ws connections (their contexts), counted with their running operations at each scrape. */
  private readonly sockets = new Set<{ readonly subscriptions: object }>();

  /** Game commands by game type and outcome: `OK`, or the error code the client got (e.g. `NOT_YOUR_TURN`). */
  readonly commands = new Counter({
    name: 'corbeille_commands_total',
    help: 'Game commands handled, by game type and outcome (OK or the error code)',
    labelNames: ['game', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly commandDuration = new Histogram({
    name: 'corbeille_command_duration_seconds',
    help: 'Time to handle a game command, until its read models are up to date, by game type',
    labelNames: ['game'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  /** Appends refused because the stream moved on (another command, or another instance, got there first). */
  readonly conflicts = new Counter({
    name: 'corbeille_append_conflicts_total',
    help: 'Appends refused because the stream was not at the expected revision',
    registers: [this.registry],
  });

  readonly retries = new Counter({
    name: 'corbeille_command_retries_total',
    help: 'Command attempts made again after a conflict',
    registers: [this.registry],
  });

  readonly eventsAppended = new Counter({
    name: 'corbeille_events_appended_total',
    help: 'Events appended to the log by this instance (every stream: games, accounts, leagues, disputes)',
    registers: [this.registry],
  });

  readonly openSockets: Gauge = new Gauge({
    name: 'corbeille_websocket_connections',
    help: 'Open graphql-ws connections',
    registers: [this.registry],
    collect: (): void => this.openSockets.set(this.sockets.size),
  });

  readonly subscriptions: Gauge = new Gauge({
    name: 'corbeille_subscriptions',
    help: 'Operations running over graphql-ws connections (subscriptions, mostly)',
    registers: [this.registry],
    collect: (): void => {
      let running = 0;
      for (const socket of this.sockets) running += Object.keys(socket.subscriptions).length;
      this.subscriptions.set(running);
    },
  });

  readonly rateLimited = new Counter({
    name: 'corbeille_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit, by limit (ip, token, ...)',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });

  readonly projectionPosition = new Gauge({
    name: 'corbeille_projection_position',
    help: 'Global log position of the last event each projection folded',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly projectionLag = new Gauge({
    name: 'corbeille_projection_lag_events',
    help: 'Events in the log after the projection position (counted up to corbeille_projection_lag_cap)',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  readonly projectionLagCap = new Gauge({
    name: 'corbeille_projection_lag_cap',
    help: 'Lag is counted up to this many events; a lag at the cap means at least that many',
    registers: [this.registry],
  });

  /** graphql-ws `onConnect` / `onClose` (app.module.ts). */
  socketOpened(context: { readonly subscriptions: object }): void {
    this.sockets.add(context);
  }

  socketClosed(context: { readonly subscriptions: object }): void {
    this.sockets.delete(context);
  }

  readonly eventStoreUp = new Gauge({
    name: 'corbeille_event_store_up',
    help: '1 when the event store answered the last probe, 0 otherwise',
    registers: [this.registry],
  });
}
