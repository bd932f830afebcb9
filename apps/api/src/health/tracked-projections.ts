import type { ModuleRef } from '@nestjs/core';
import type { ProjectionEngine } from '@corbeille/projections';
import { DisputeRegistry } from '../disputes/services/dispute-registry';
import { IDENTITY_PROJECTION } from '../identity/identity.tokens';
import type { IdentityProjection } from '../identity/read-models/identity.projection';
import { PROJECTIONS } from '../infrastructure/infrastructure.tokens';
import type { TrackedProjection } from './projection-probe';

export const TRACKED_PROJECTIONS = Symbol('TRACKED_PROJECTIONS');

/**
 * Every projection the app folds from the log: the games' read models, the identity read models, the dispute
 * registry. Looked up when first asked (once the app is up), as they live in other modules.
 */
export class TrackedProjections {
  private found: readonly TrackedProjection[] | undefined;

  constructor(private readonly modules: ModuleRef) {}

  list(): readonly TrackedProjection[] {
    if (this.found) return this.found;
    const tracked: TrackedProjection[] = [];
    const games = this.find<ProjectionEngine>(PROJECTIONS);
    if (games) tracked.push({ name: 'games', position: () => games.checkpoint() });
    const identity = this.find<IdentityProjection>(IDENTITY_PROJECTION);
    if (identity) tracked.push({ name: 'identity', position: () => identity.checkpoint() });
    const disputes = this.find<DisputeRegistry>(DisputeRegistry);
    if (disputes) tracked.push({ name: 'disputes', position: () => disputes.checkpoint() });
    if (tracked.length === 3) this.found = tracked;
    return tracked;
  }

  private find<T>(token: symbol | typeof DisputeRegistry): T | undefined {
    try {
      return (this.modules.get(token, { strict: false }) as T | undefined) ?? undefined;
    } catch {
      return undefined;
    }
  }
}
