import { randomUUID } from 'node:crypto';
import { Args, Mutation, Resolver } from '@nestjs/graphql';
import type { StockTickerOptions } from '@corbeille/stock-ticker';
import { nameBasedUuid } from '../common/ids/name-based-uuid';
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
import { CommandOutcomeModel } from './models/command-outcome.model';
import { GameCommandsService, REFEREE } from './services/game-commands.service';

/** Mutations: each maps its input to one engine command and hands it to the command service. */
@Resolver()
export class GameCommandsResolver {
  constructor(private readonly commands: GameCommandsService) {}

  @Mutation(() => CommandOutcomeModel, { description: 'Creates a Stock Ticker game in its lobby.' })
  createStockTickerGame(@Args('input') input: CreateStockTickerGameInput): Promise<CommandOutcomeModel> {
    // A retry of a create without a game id must reach the same game: derive it from the command id.
    const gameId = input.gameId ?? (input.commandId ? nameBasedUuid(`create-game:${input.commandId}`) : randomUUID());
    return this.commands.execute({
      gameId,
      command: { type: 'CreateGame', data: { gameId, options: toEngineOptions(input.options) } },
      commandId: input.commandId,
      actor: REFEREE,
      metadata: input.league ? { league: input.league } : {},
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'Seats a player in the lobby.' })
  joinGame(@Args('input') input: JoinGameInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'JoinGame', data: { playerId: input.playerId, name: input.name } },
      commandId: input.commandId,
      actor: input.playerId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'Starts the game: opening purchases begin.' })
  startGame(@Args('input') input: StartGameInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'StartGame', data: input.brokerId ? { brokerId: input.brokerId } : {} },
      commandId: input.commandId,
      actor: REFEREE,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'Buys shares at the market price (in a trading window).' })
  buyShares(@Args('input') input: BuySharesInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'BuyShares', data: { playerId: input.playerId, stock: input.stock, shares: input.shares } },
      commandId: input.commandId,
      actor: input.playerId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'Sells shares at the market price (in a trading window).' })
  sellShares(@Args('input') input: SellSharesInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'SellShares', data: { playerId: input.playerId, stock: input.stock, shares: input.shares } },
      commandId: input.commandId,
      actor: input.playerId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'The player is done with the opening purchases or the trading window.' })
  finishTrading(@Args('input') input: FinishTradingInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'FinishTrading', data: { playerId: input.playerId } },
      commandId: input.commandId,
      actor: input.playerId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: "Rolls the three dice (on the player's turn)." })
  rollDice(@Args('input') input: RollDiceInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'RollDice', data: { playerId: input.playerId } },
      commandId: input.commandId,
      actor: input.playerId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'Borrows from the Broker (amount in cents).' })
  borrow(@Args('input') input: BorrowInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'Borrow', data: { playerId: input.playerId, amount: input.amount } },
      commandId: input.commandId,
      actor: input.playerId,
    });
  }

  @Mutation(() => CommandOutcomeModel, { description: 'Ends the game now and ranks the players.' })
  endGame(@Args('input') input: EndGameInput): Promise<CommandOutcomeModel> {
    return this.commands.execute({
      gameId: input.gameId,
      command: { type: 'EndGame', data: { reason: input.reason } },
      commandId: input.commandId,
      actor: REFEREE,
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
