import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { GameEventModel } from '../games/models/game-event.model';
import { toDisputeModel } from './disputes.mappers';
import { DisputeModel } from './models/dispute.model';
import { DisputesService } from './services/disputes.service';

/** The audit trail shows, next to an event, the disputes that name it and their rulings. */
@Resolver(() => GameEventModel)
export class GameEventDisputesResolver {
  constructor(private readonly service: DisputesService) {}

  @ResolveField(() => [DisputeModel], { description: 'The disputes naming this event, in the order they were opened, with their rulings.' })
  disputes(@Parent() event: GameEventModel): DisputeModel[] {
    return this.service
      .list({ gameId: event.gameId })
      .filter((dispute) => dispute.event.eventId === event.id)
      .map(toDisputeModel);
  }
}
