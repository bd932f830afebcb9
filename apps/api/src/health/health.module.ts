import { Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MetricsController } from '../observability/metrics.controller';
import { HealthController } from './health.controller';
import { TRACKED_PROJECTIONS, TrackedProjections } from './tracked-projections';

@Module({
  controllers: [HealthController, MetricsController],
  providers: [{ provide: TRACKED_PROJECTIONS, useFactory: (modules: ModuleRef) => new TrackedProjections(modules), inject: [ModuleRef] }],
})
export class HealthModule {}
