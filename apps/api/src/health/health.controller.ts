import { Controller, Get, Inject } from '@nestjs/common';
import type { ProjectionEngine } from '@corbeille/projections';
import { PROJECTIONS } from '../infrastructure/infrastructure.tokens';

export interface HealthStatus {
  readonly status: 'ok';
  /** Global position of the last event folded into the read models. */
  readonly checkpoint: number;
}

@Controller('health')
export class HealthController {
  constructor(@Inject(PROJECTIONS) private readonly projections: ProjectionEngine) {}

  @Get()
  health(): HealthStatus {
    return { status: 'ok', checkpoint: this.projections.checkpoint() };
  }
}
