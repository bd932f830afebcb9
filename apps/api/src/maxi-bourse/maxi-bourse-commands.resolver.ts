import { randomUUID } from 'node:crypto';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import type { MaxiBourseCommand, MaxiBourseOptions } from '@corbeille/maxi-bourse';
import { MAXI_BOURSE_GAME } from '@corbeille/projections';
import type { Principal } from '../access/access.port';
import { InputValidationError } from '../common/errors/input-validation.error';
import { nameBasedUuid } from '../common/ids/name-based-uuid';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { toGameEventModel } from '../games/mappers/game-event.mapper';
import { GameCommandsService, issuedBy } from '../games/services/game-commands.service';
import { CreateMaxiBourseGameInput, MaxiBourseOptionsInput } from './dtos/create-maxi-bourse-game.input';
import {
  AnswerMaxiBourseAuctionInput,
  AnswerMaxiBoursePremiumInput,
  AnswerMaxiBourseSaleOfferInput,
  BuyMaxiBourseOnDoubleInput,
  ChooseMaxiBourseCompanyInput,
  CloseMaxiBoursePremiumSaleInput,
  CloseMaxiBourseSessionInput,
  DeclareMaxiBourseBidInput,
  DeclineMaxiBourseShareRequestInput,
  JoinMaxiBourseGameInput,
  OfferMaxiBourseSharesInput,
  PassMaxiBourseShareSpaceInput,
  PayMaxiBourseSharesInput,
  PickMaxiBourseCompanyInput,
  QuoteMaxiBoursePremiumInput,
  RequestMaxiBourseSharesInput,
  RevealMaxiBourseRumourInput,
  RollMaxiBourseDiceInput,
  SkipMaxiBourseDoublePurchaseInput,
  StartMaxiBourseGameInput,
} from './dtos/maxi-bourse-commands.input';
import { toMaxiBourseGameModel } from './mappers/maxi-bourse-read-model.mapper';
import { MaxiBourseCommandOutcomeModel } from './models/maxi-bourse-command-outcome.model';

interface MoveInput {
  readonly gameId: string;
  readonly commandId?: string | null;
}

/**
 * Maxi Bourse mutations: each maps its input to one engine command and hands it to the one command path.
 * Whatever the rules settle by themselves (closing a round of bidding, an auction step, passing the turn,
 * payouts) happens inside the command that triggers it.
 */
@Resolver()
export class MaxiBourseCommandsResolver {
  constructor(private readonly commands: GameCommandsService) {}

  private async send(
    principal: Principal,
    input: MoveInput,
    command: MaxiBourseCommand,
    league?: string | null,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    const executed = await this.commands.execute({
      game: MAXI_BOURSE_GAME,
      gameId: input.gameId,
      command,
      commandId: input.commandId,
      issuer: issuedBy(principal),
      ...(league !== undefined ? { league } : {}),
    });
    return {
      gameId: input.gameId,
      events: executed.events.map(toGameEventModel),
      revision: executed.revision,
      alreadyApplied: executed.alreadyApplied,
      game: toMaxiBourseGameModel(executed.summary),
    };
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'Opens a Maxi Bourse table in its lobby (2 to 6 players may join).' })
  createMaxiBourseGame(@Args('input') input: CreateMaxiBourseGameInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    // A retry of a create without a game id must reach the same game: derive it from the command id.
    const gameId = input.gameId ?? (input.commandId ? nameBasedUuid(`create-maxi-bourse-game:${input.commandId}`) : randomUUID());
    const command: MaxiBourseCommand = { type: 'CreateGame', data: { gameId, options: toEngineOptions(input.options) } };
    return this.send(principal, { gameId, commandId: input.commandId }, command, input.league ?? null);
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'Seats a player in the lobby.' })
  joinMaxiBourseGame(@Args('input') input: JoinMaxiBourseGameInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'JoinGame', data: { playerId: input.playerId, name: input.name } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'I: the banker opens the session: cash handed out, prices at nominal, piles shuffled, the draft begins (a referee command).',
  })
  startMaxiBourseGame(@Args('input') input: StartMaxiBourseGameInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'StartGame', data: {} });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'I: picks one company of the starting portfolio (1,000 shares, free of charge).' })
  pickMaxiBourseCompany(@Args('input') input: PickMaxiBourseCompanyInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'PickStartingCompany', data: { playerId: input.playerId, company: input.company } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'II: rolls the two dice and moves the pawn; the space is resolved (payouts on a complete round, IV).' })
  rollMaxiBourseDice(@Args('input') input: RollMaxiBourseDiceInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'RollDice', data: { playerId: input.playerId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'III.2: the roller offers shares before rolling; III.6, III.8: a player raising cash offers shares.',
  })
  offerMaxiBourseShares(@Args('input') input: OfferMaxiBourseSharesInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'OfferShares', data: { playerId: input.playerId, company: input.company, lots: input.lots } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.2: answers an offer of shares with the lots wanted (0 refuses and may lower the price).' })
  answerMaxiBourseSaleOffer(
    @Args('input') input: AnswerMaxiBourseSaleOfferInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'AnswerSaleOffer', data: { playerId: input.playerId, lots: input.lots } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'III.2: asks the roller for shares before the roll (a premium sale); III.1-7: the lander asks a holder when the bank has sold out.',
  })
  requestMaxiBourseShares(
    @Args('input') input: RequestMaxiBourseSharesInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, {
      type: 'RequestShares',
      data: { playerId: input.playerId, sellerId: input.sellerId, company: input.company, lots: input.lots },
    });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.2: the seller names a price for the shares asked for.' })
  quoteMaxiBoursePremium(@Args('input') input: QuoteMaxiBoursePremiumInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'QuotePremiumPrice', data: { playerId: input.playerId, price: input.price } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.2: the seller refuses to sell (before the buyer has accepted a price).' })
  declineMaxiBourseShareRequest(
    @Args('input') input: DeclineMaxiBourseShareRequestInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'DeclineShareRequest', data: { playerId: input.playerId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'III.2: the buyer accepts the price named, or refuses it (the shares then go at the last price accepted, if any).',
  })
  answerMaxiBoursePremium(@Args('input') input: AnswerMaxiBoursePremiumInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'AnswerPremiumPrice', data: { playerId: input.playerId, accept: input.accept } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.2: the seller sells at the last price the buyer accepted.' })
  closeMaxiBoursePremiumSale(
    @Args('input') input: CloseMaxiBoursePremiumSaleInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'ClosePremiumSale', data: { playerId: input.playerId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.7: after a double, buys 1 or 2 lots of any company at market price.' })
  buyMaxiBourseOnDouble(@Args('input') input: BuyMaxiBourseOnDoubleInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'BuyOnDouble', data: { playerId: input.playerId, company: input.company, lots: input.lots } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.7: lets the purchase on a double go.' })
  skipMaxiBourseDoublePurchase(
    @Args('input') input: SkipMaxiBourseDoublePurchaseInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'SkipDoublePurchase', data: { playerId: input.playerId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'III.1-4: the lander chooses the company for everyone; on the company of the space the lander buys at market price (III.1-5).',
  })
  chooseMaxiBourseCompany(
    @Args('input') input: ChooseMaxiBourseCompanyInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'ChooseShareCompany', data: { playerId: input.playerId, company: input.company } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.1-4: the lander passes on the share space.' })
  passMaxiBourseShareSpace(
    @Args('input') input: PassMaxiBourseShareSpaceInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'PassShareSpace', data: { playerId: input.playerId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'III.1-3, III.1-5: declares 0, 1 or 2 lots in a round of bidding (at market price for the lander’s first, at best otherwise).',
  })
  declareMaxiBourseBid(@Args('input') input: DeclareMaxiBourseBidInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'DeclareBid', data: { playerId: input.playerId, lots: input.lots } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.1-6: stays in the auction at the banker’s price, or withdraws.' })
  answerMaxiBourseAuction(
    @Args('input') input: AnswerMaxiBourseAuctionInput,
    @CurrentPrincipal() principal: Principal,
  ): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'AnswerAuction', data: { playerId: input.playerId, stay: input.stay } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'Pays for shares bought; a buyer short of cash is fined and must sell (III.8).' })
  payMaxiBourseShares(@Args('input') input: PayMaxiBourseSharesInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'PayForShares', data: { playerId: input.playerId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, { nullable: true, description: 'III.5: reveals a Rumours card at any moment of play; its price change applies at once.' })
  revealMaxiBourseRumour(@Args('input') input: RevealMaxiBourseRumourInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'RevealRumour', data: { playerId: input.playerId, cardId: input.cardId } });
  }

  @Mutation(() => MaxiBourseCommandOutcomeModel, {
    nullable: true,
    description: 'V: the banker closes the session because the playing time has elapsed; the portfolios are valued (a referee command).',
  })
  closeMaxiBourseSession(@Args('input') input: CloseMaxiBourseSessionInput, @CurrentPrincipal() principal: Principal): Promise<MaxiBourseCommandOutcomeModel> {
    return this.send(principal, input, { type: 'CloseSession', data: {} });
  }
}

/** Keeps only the options given; a turn limit and "no turn limit" together contradict each other. */
function toEngineOptions(input: MaxiBourseOptionsInput | null | undefined): Partial<MaxiBourseOptions> {
  if (!input) return {};
  const hasLimit = input.turnLimit !== undefined && input.turnLimit !== null;
  if (hasLimit && input.noTurnLimit) {
    throw new InputValidationError([{ field: 'options.noTurnLimit', messages: ['give a turnLimit or noTurnLimit, not both'] }]);
  }
  return {
    ...(input.variant ? { variant: input.variant } : {}),
    ...(hasLimit ? { turnLimit: input.turnLimit } : input.noTurnLimit ? { turnLimit: null } : {}),
    ...(input.maxPlayers !== undefined && input.maxPlayers !== null ? { maxPlayers: input.maxPlayers } : {}),
  };
}
