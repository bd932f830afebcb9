import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Principal } from '../../access/access.port';
import { offsetAfter } from '../../common/pagination/connection.model';
import { CurrentPrincipal } from '../../common/principal/current-principal.decorator';
import {
  AddLeagueMemberInput,
  CloseSeasonInput,
  CreateLeagueInput,
  CreateSeasonInput,
  LeagueArgs,
  LeaguesArgs,
  ScheduleTableInput,
  SeasonExportArgs,
  SeatPlayerInput,
  SetLeagueVisibilityInput,
} from '../dtos/league.inputs';
import {
  LeagueConnectionModel,
  LeagueMemberModel,
  LeagueModel,
  LeagueTableModel,
  SeasonExportModel,
  SeasonModel,
} from '../models/league.model';
import { LEAGUE_CURSOR, LeagueViewsService } from '../services/league-views.service';
import { LeaguesService } from '../services/leagues.service';

@Resolver()
export class LeaguesResolver {
  constructor(
    private readonly commands: LeaguesService,
    private readonly views: LeagueViewsService,
  ) {}

  @Query(() => LeagueConnectionModel, { description: 'The leagues and classes the signed-in account belongs to, newest first.' })
  leagues(@CurrentPrincipal() principal: Principal, @Args() args: LeaguesArgs): Promise<LeagueConnectionModel> {
    return this.views.leagues(principal, offsetAfter(LEAGUE_CURSOR, args.after), args.first);
  }

  @Query(() => LeagueModel, { nullable: true, description: 'A league its members may see (null if there is none with this id).' })
  league(@CurrentPrincipal() principal: Principal, @Args() args: LeagueArgs): Promise<LeagueModel | null> {
    return this.views.league(principal, args.id);
  }

  @Query(() => SeasonExportModel, { description: "A season's standings and results as CSV or JSON text." })
  seasonExport(@CurrentPrincipal() principal: Principal, @Args() args: SeasonExportArgs): Promise<SeasonExportModel> {
    return this.views.export(principal, args.seasonId, args.format, args.part);
  }

  @Mutation(() => LeagueModel, { nullable: true, description: 'Creates a league or a class; its creator is its first organiser (teacher).' })
  createLeague(@CurrentPrincipal() principal: Principal, @Args('input') input: CreateLeagueInput): Promise<LeagueModel> {
    return this.commands.createLeague(principal, input);
  }

  @Mutation(() => LeagueModel, { nullable: true, description: "Sets who may see the league's games: PUBLIC or MEMBERS (organisers only; a class's are always MEMBERS)." })
  setLeagueVisibility(@CurrentPrincipal() principal: Principal, @Args('input') input: SetLeagueVisibilityInput): Promise<LeagueModel> {
    return this.commands.setVisibility(principal, input);
  }

  @Mutation(() => LeagueMemberModel, { nullable: true, description: 'Adds an account to a league with a role, or changes its role (organisers only).' })
  addLeagueMember(@CurrentPrincipal() principal: Principal, @Args('input') input: AddLeagueMemberInput): Promise<LeagueMemberModel> {
    return this.commands.addMember(principal, input);
  }

  @Mutation(() => SeasonModel, { nullable: true, description: 'Opens a season (organisers only).' })
  createSeason(@CurrentPrincipal() principal: Principal, @Args('input') input: CreateSeasonInput): Promise<SeasonModel> {
    return this.commands.createSeason(principal, input);
  }

  @Mutation(() => LeagueTableModel, { nullable: true, description: 'Schedules a game of a season (organisers only).' })
  scheduleTable(@CurrentPrincipal() principal: Principal, @Args('input') input: ScheduleTableInput): Promise<LeagueTableModel> {
    return this.commands.scheduleTable(principal, input);
  }

  @Mutation(() => LeagueTableModel, { nullable: true, description: 'Seats a member or a bot under a player id of a table (organisers only).' })
  seatPlayer(@CurrentPrincipal() principal: Principal, @Args('input') input: SeatPlayerInput): Promise<LeagueTableModel> {
    return this.commands.seatPlayer(principal, input);
  }

  @Mutation(() => SeasonModel, { nullable: true, description: 'Closes a season: no more tables, and its standings stay as they are (organisers only).' })
  closeSeason(@CurrentPrincipal() principal: Principal, @Args('input') input: CloseSeasonInput): Promise<SeasonModel> {
    return this.commands.closeSeason(principal, input);
  }
}
