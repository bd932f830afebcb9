import { randomUUID } from 'node:crypto';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import type { BolsaCommand, BolsaOptions } from '@corbeille/bolsa';
import { BOLSA_GAME } from '@corbeille/projections';
import type { Principal } from '../access/access.port';
import { nameBasedUuid } from '../common/ids/name-based-uuid';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { toGameEventModel } from '../games/mappers/game-event.mapper';
import { GameCommandsService, issuedBy } from '../games/services/game-commands.service';
import { BolsaOptionsInput, BOLSA_LAST_MONTHS, CreateBolsaGameInput } from './dtos/create-bolsa-game.input';
import { ChooseBolsaNewspaperCardInput, CloseBolsaPlanningInput, JoinBolsaGameInput, StartBolsaGameInput } from './dtos/bolsa-commands.input';
import { SubmitBolsaPlanInput } from './dtos/submit-bolsa-plan.input';
import { toPlan } from './mappers/bolsa-plan.mapper';
import { toBolsaGameModel } from './mappers/bolsa-read-model.mapper';
import { BolsaCommandOutcomeModel } from './models/bolsa-command-outcome.model';

interface BolsaRequest {
  readonly gameId: string;
  readonly command: BolsaCommand;
  readonly commandId: string | null | undefined;
  readonly league?: string | null;
}

/** BOLSA mutations: each maps its input to one engine command and hands it to the one command path. */
@Resolver()
export class BolsaCommandsResolver {
  constructor(private readonly commands: GameCommandsService) {}

  private async send(principal: Principal, request: BolsaRequest): Promise<BolsaCommandOutcomeModel> {
    const executed = await this.commands.execute({ ...request, game: BOLSA_GAME, issuer: issuedBy(principal) });
    return {
      gameId: request.gameId,
      events: executed.events.map(toGameEventModel),
      revision: executed.revision,
      alreadyApplied: executed.alreadyApplied,
      game: toBolsaGameModel(executed.summary),
    };
  }

  @Mutation(() => BolsaCommandOutcomeModel, { nullable: true, description: 'Creates a BOLSA game in its lobby (2 to 6 players may join).' })
  createBolsaGame(@Args('input') input: CreateBolsaGameInput, @CurrentPrincipal() principal: Principal): Promise<BolsaCommandOutcomeModel> {
    // A retry of a create without a game id must reach the same game: derive it from the command id.
    const gameId = input.gameId ?? (input.commandId ? nameBasedUuid(`create-bolsa-game:${input.commandId}`) : randomUUID());
    return this.send(principal, {
      gameId,
      command: { type: 'CreateGame', data: { gameId, options: toEngineOptions(input.options) } },
      commandId: input.commandId,
      league: input.league ?? null,
    });
  }

  @Mutation(() => BolsaCommandOutcomeModel, { nullable: true, description: 'Seats a player in the lobby.' })
  joinBolsaGame(@Args('input') input: JoinBolsaGameInput, @CurrentPrincipal() principal: Principal): Promise<BolsaCommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'JoinGame', data: { playerId: input.playerId, name: input.name } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => BolsaCommandOutcomeModel, {
    nullable: true,
    description: 'Preparing to Play: deals the shares, sets the opening prices and opens January (a referee command).',
  })
  startBolsaGame(@Args('input') input: StartBolsaGameInput, @CurrentPrincipal() principal: Principal): Promise<BolsaCommandOutcomeModel> {
    return this.send(principal, { gameId: input.gameId, command: { type: 'StartGame', data: {} }, commandId: input.commandId });
  }

  @Mutation(() => BolsaCommandOutcomeModel, {
    nullable: true,
    description: "Step 4: hands in the player's plan (secret until the reveal); the last plan reveals and carries out the month.",
  })
  submitBolsaPlan(@Args('input') input: SubmitBolsaPlanInput, @CurrentPrincipal() principal: Principal): Promise<BolsaCommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'SubmitPlan', data: { playerId: input.playerId, plan: toPlan(input.markers) } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => BolsaCommandOutcomeModel, {
    nullable: true,
    description:
      'Closes the planning after the deadline (or at any time in an untimed month): players without a plan sit the month out. ' +
      'A referee command; the server sends it by itself when a deadline passes.',
  })
  closeBolsaPlanning(@Args('input') input: CloseBolsaPlanningInput, @CurrentPrincipal() principal: Principal): Promise<BolsaCommandOutcomeModel> {
    return this.send(principal, { gameId: input.gameId, command: { type: 'ClosePlanning', data: {} }, commandId: input.commandId });
  }

  @Mutation(() => BolsaCommandOutcomeModel, {
    nullable: true,
    description: 'Step 9: a reader keeps one of the three cards drawn; the last choice applies the cards and ends the month.',
  })
  chooseBolsaNewspaperCard(
    @Args('input') input: ChooseBolsaNewspaperCardInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<BolsaCommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'ChooseNewspaperCard', data: { playerId: input.playerId, cardId: input.cardId } },
      commandId: input.commandId,
    });
  }
}

/** Keeps only the options given. */
function toEngineOptions(input: BolsaOptionsInput | null | undefined): Partial<BolsaOptions> {
  if (!input) return {};
  const lastMonth = BOLSA_LAST_MONTHS.find((month) => month === input.lastMonth);
  return {
    ...(input.planningSeconds !== undefined && input.planningSeconds !== null ? { planningSeconds: input.planningSeconds } : {}),
    ...(input.timedFromMonth !== undefined && input.timedFromMonth !== null ? { timedFromMonth: input.timedFromMonth } : {}),
    ...(lastMonth !== undefined ? { lastMonth } : {}),
    ...(input.lotteryRotation ? { lotteryRotation: input.lotteryRotation } : {}),
  };
}
