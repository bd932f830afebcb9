import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { SeasonModel, SeasonResultModel, SeasonStandingModel } from '../models/league.model';
import { LeagueViewsService } from '../services/league-views.service';

/** A season's standings and counted results, read only when asked for. */
@Resolver(() => SeasonModel)
export class SeasonResolver {
  constructor(private readonly views: LeagueViewsService) {}

  @ResolveField(() => [SeasonStandingModel], { description: 'Best first.' })
  standings(@Parent() season: SeasonModel): Promise<SeasonStandingModel[]> {
    return this.views.standings(season.id);
  }

  @ResolveField(() => [SeasonResultModel], { description: 'The counted games, in the order they finished.' })
  results(@Parent() season: SeasonModel): Promise<SeasonResultModel[]> {
    return this.views.results(season.id);
  }
}
