import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { GameEventModel } from '../games/models/game-event.model';
import { toDisputeModel } from './disputes.mappers';
import { DisputeModel } from './models/dispute.model';
import { DisputesService } from './services/disputes.service';

/** The audit trail shows, next to an event, the disputes that name it and their rulings. */
@Resolver(() => GameEventModel)
export class GameEventDisputesResolver {
  constructor(private readonly service: DisputesService) {}

  @ResolveField(() => [DisputeModel], { description: 'The disputes naming this event, in the order they were opened, with their rulings.' })
  async disputes(@Parent() event: GameEventModel, @CurrentPrincipal() principal: Principal): Promise<DisputeModel[]> {
    // Everyone who may read the trail sees its events; their disputes only its players and referees.
    if (!(await this.service.mayFollow(principal, event.gameId))) return [];
    return (await this.service.list(principal, { gameId: event.gameId }))
      .filter((dispute) => dispute.event.eventId === event.id)
      .map(toDisputeModel);
  }
}
