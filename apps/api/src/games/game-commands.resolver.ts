import { randomUUID } from 'node:crypto';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import { STOCK_TICKER_GAME } from '@corbeille/projections';
import type { StockTickerCommand, StockTickerOptions } from '@corbeille/stock-ticker';
import type { Principal } from '../access/access.port';
import { nameBasedUuid } from '../common/ids/name-based-uuid';
import { CurrentPrincipal } from '../common/principal/current-principal.decorator';
import { BorrowInput } from './dtos/borrow.input';
import { BuySharesInput } from './dtos/buy-shares.input';
import {
  CreateStockTickerGameInput,
  TRADING_WINDOW_EVERY,
  type StockTickerOptionsInput,
} from './dtos/create-stock-ticker-game.input';
import { EndGameInput } from './dtos/end-game.input';
import { FinishTradingInput } from './dtos/finish-trading.input';
import { JoinGameInput } from './dtos/join-game.input';
import { RollDiceInput } from './dtos/roll-dice.input';
import { SellSharesInput } from './dtos/sell-shares.input';
import { StartGameInput } from './dtos/start-game.input';
import { toGameEventModel } from './mappers/game-event.mapper';
import { toGameModel } from './mappers/read-model.mapper';
import { CommandOutcomeModel } from './models/command-outcome.model';
import { GameCommandsService, issuedBy } from './services/game-commands.service';

interface StockTickerRequest {
  readonly gameId: string;
  readonly command: StockTickerCommand;
  readonly commandId: string | null | undefined;
  readonly league?: string | null;
}

/** Stock Ticker mutations: each maps its input to one engine command and hands it to the command service. */
@Resolver()
export class GameCommandsResolver {
  constructor(private readonly commands: GameCommandsService) {}

  private async send(principal: Principal, request: StockTickerRequest): Promise<CommandOutcomeModel> {
    const executed = await this.commands.execute({ ...request, game: STOCK_TICKER_GAME, issuer: issuedBy(principal) });
    return {
      gameId: request.gameId,
      events: executed.events.map(toGameEventModel),
      revision: executed.revision,
      alreadyApplied: executed.alreadyApplied,
      game: toGameModel(executed.summary),
    };
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Creates a Stock Ticker game in its lobby.' })
  createStockTickerGame(@Args('input') input: CreateStockTickerGameInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    // A retry of a create without a game id must reach the same game: derive it from the command id.
    const gameId = input.gameId ?? (input.commandId ? nameBasedUuid(`create-game:${input.commandId}`) : randomUUID());
    return this.send(principal, {
      gameId,
      command: { type: 'CreateGame', data: { gameId, options: toEngineOptions(input.options) } },
      commandId: input.commandId,
      league: input.league ?? null,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Seats a player in the lobby.' })
  joinGame(@Args('input') input: JoinGameInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'JoinGame', data: { playerId: input.playerId, name: input.name } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Starts the game: opening purchases begin.' })
  startGame(@Args('input') input: StartGameInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'StartGame', data: input.brokerId ? { brokerId: input.brokerId } : {} },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Buys shares at the market price (in a trading window).' })
  buyShares(@Args('input') input: BuySharesInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'BuyShares', data: { playerId: input.playerId, stock: input.stock, shares: input.shares } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Sells shares at the market price (in a trading window).' })
  sellShares(@Args('input') input: SellSharesInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'SellShares', data: { playerId: input.playerId, stock: input.stock, shares: input.shares } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'The player is done with the opening purchases or the trading window.' })
  finishTrading(@Args('input') input: FinishTradingInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'FinishTrading', data: { playerId: input.playerId } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: "Rolls the three dice (on the player's turn)." })
  rollDice(@Args('input') input: RollDiceInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'RollDice', data: { playerId: input.playerId } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Borrows from the Broker (amount in cents).' })
  borrow(@Args('input') input: BorrowInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'Borrow', data: { playerId: input.playerId, amount: input.amount } },
      commandId: input.commandId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { nullable: true, description: 'Ends the game now and ranks the players.' })
  endGame(@Args('input') input: EndGameInput, @CurrentPrincipal() principal: Principal): Promise<CommandOutcomeModel> {
    return this.send(principal, {
      gameId: input.gameId,
      command: { type: 'EndGame', data: { reason: input.reason } },
      commandId: input.commandId,
    });
  }
}

/** Keeps only the options given; an explicit null limit means "no limit". */
function toEngineOptions(input: StockTickerOptionsInput | null | undefined): Partial<StockTickerOptions> {
  if (!input) return {};
  const tradingWindowEvery = TRADING_WINDOW_EVERY.find((every) => every === input.tradingWindowEvery);
  return {
    ...(input.stocks ? { stocks: input.stocks } : {}),
    ...(tradingWindowEvery !== undefined ? { tradingWindowEvery } : {}),
    ...(input.roundLimit !== undefined ? { roundLimit: input.roundLimit } : {}),
    ...(input.timeLimitMinutes !== undefined ? { timeLimitMinutes: input.timeLimitMinutes } : {}),
    ...(input.startingCash !== undefined && input.startingCash !== null ? { startingCash: input.startingCash } : {}),
    ...(input.maxPlayers !== undefined && input.maxPlayers !== null ? { maxPlayers: input.maxPlayers } : {}),
  };
}
