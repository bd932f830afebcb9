import { Args, Mutation, Parent, Query, ResolveField, Resolver, Subscription } from '@nestjs/graphql';
import { NotFound } from '@corbeille/kernel';
import type { OpenedDispute } from '@corbeille/rulings';
import type { Principal } from '../access/access.port';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { GameAccessService } from '../games/services/game-access.service';
import { toDisputeModel, toGameStateAtModel, toRemedy, toRemedyModel } from './disputes.mappers';
import {
  DisputeArgs,
  DisputesArgs,
  DisputeSettingsArgs,
  DisputeSettingsInput,
  OpenDisputeInput,
  PreviewRemedyInput,
  RuleOnDisputeInput,
} from './dtos/dispute.inputs';
import { DisputeModel, DisputeSettingsModel, GameStateAtModel, RemedyPreviewModel } from './models/dispute.model';
import { DisputesService } from './services/disputes.service';
import { DisputeLiveUpdates } from './services/dispute-live-updates';

@Resolver(() => DisputeModel)
export class DisputesResolver {
  constructor(
    private readonly service: DisputesService,
    private readonly live: DisputeLiveUpdates,
    private readonly access: GameAccessService,
  ) {}

  @Mutation(() => DisputeModel, { nullable: true, description: 'A participant of a game (a seated player or its referee) disputes one of its events.' })
  openDispute(@Args('input') input: OpenDisputeInput, @CurrentPrincipal() principal: Principal): Promise<DisputeModel> {
    return this.service.open(principal, input).then(toDisputeModel);
  }

  @Mutation(() => DisputeModel, { nullable: true, description: "The game's referee rejects a dispute, or upholds it with a remedy (a correction or a rewind)." })
  ruleOnDispute(@Args('input') input: RuleOnDisputeInput, @CurrentPrincipal() principal: Principal): Promise<DisputeModel> {
    const remedy = input.remedy ? toRemedy(input.remedy) : null;
    return this.service.rule(principal, { disputeId: input.disputeId, decision: input.decision, reason: input.reason, remedy }).then(toDisputeModel);
  }

  @Mutation(() => DisputeSettingsModel, { nullable: true, description: "The game's referee sets whether opening a dispute pauses the game." })
  setDisputeSettings(@Args('input') input: DisputeSettingsInput, @CurrentPrincipal() principal: Principal): Promise<DisputeSettingsModel> {
    return this.service.changeSettings(principal, input).then((settings) => ({ gameId: input.gameId, ...settings }));
  }

  @Query(() => RemedyPreviewModel, { description: 'What a remedy would give (state and final standings), before ruling: nothing is recorded.' })
  async previewRemedy(@Args('input') input: PreviewRemedyInput, @CurrentPrincipal() principal: Principal): Promise<RemedyPreviewModel> {
    const preview = await this.service.preview(principal, { disputeId: input.disputeId, remedy: toRemedy(input.remedy) });
    return {
      disputeId: preview.dispute.disputeId,
      gameId: preview.dispute.gameId,
      remedy: toRemedyModel(preview.remedy),
      phase: preview.phase,
      state: preview.state,
      currentState: preview.currentState,
      standings: preview.standings ? [...preview.standings] : null,
      currentStandings: preview.currentStandings ? [...preview.currentStandings] : null,
      voidedRevisions: [...preview.voidedRevisions],
    };
  }

  @Query(() => DisputeModel, { nullable: true })
  async dispute(@Args() args: DisputeArgs, @CurrentPrincipal() principal: Principal): Promise<DisputeModel | null> {
    const dispute = await this.service.dispute(principal, args.id);
    return dispute ? toDisputeModel(dispute) : null;
  }

  @Query(() => [DisputeModel], {
    description: 'Disputes of a game, or of the games of a league or class, oldest first: those of games the requester plays in or referees.',
  })
  async disputes(@Args() args: DisputesArgs, @CurrentPrincipal() principal: Principal): Promise<DisputeModel[]> {
    return (await this.service.list(principal, args)).map(toDisputeModel);
  }

  @Query(() => DisputeSettingsModel)
  async disputeSettings(@Args() args: DisputeSettingsArgs, @CurrentPrincipal() principal: Principal): Promise<DisputeSettingsModel> {
    return { gameId: args.gameId, ...(await this.service.settings(principal, args.gameId)) };
  }

  @ResolveField(() => GameStateAtModel, { description: 'The game just before the disputed event, as the viewer may see it (the referee sees all).' })
  async before(@Parent() dispute: DisputeModel, @CurrentPrincipal() principal: Principal): Promise<GameStateAtModel> {
    return toGameStateAtModel(await this.service.stateAround(principal, this.recordOf(dispute), 'before'));
  }

  @ResolveField(() => GameStateAtModel, { description: 'The game just after the disputed event, as the viewer may see it (the referee sees all).' })
  async after(@Parent() dispute: DisputeModel, @CurrentPrincipal() principal: Principal): Promise<GameStateAtModel> {
    return toGameStateAtModel(await this.service.stateAround(principal, this.recordOf(dispute), 'after'));
  }

  @Subscription(() => DisputeModel, {
    description: "Each dispute of a game as it is opened or ruled on (the ruling's game events arrive on gameEvents).",
    resolve: (dispute: DisputeModel) => dispute,
  })
  async disputeChanges(@Args() args: DisputeSettingsArgs, @CurrentPrincipal() principal: Principal): Promise<AsyncIterableIterator<DisputeModel>> {
    await this.access.locate(args.gameId);
    await this.service.assertMayFollow(principal, args.gameId);
    return this.live.changes(args.gameId);
  }

  private recordOf(dispute: DisputeModel): OpenedDispute {
    const found = this.service.record(dispute.id);
    if (!found) throw new NotFound('DISPUTE_NOT_FOUND', `There is no dispute with id "${dispute.id}"`);
    return found;
  }
}
