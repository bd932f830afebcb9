import type { GameSummary, PortfolioView, PriceBoard, TradeEntry } from '@corbeille/projections';
import { GAME_PHASES, type GamePhaseValue } from '../models/game-enums';
import type { GameSummaryModel } from '../models/game-summary.model';
import { GameType, type GameTypeValue } from '../models/game-type.enum';
import type { GameModel } from '../models/game.model';
import type { PortfolioModel } from '../models/portfolio.model';
import type { PriceBoardModel } from '../models/price-board.model';
import type { TradeModel } from '../models/trade.model';

export function toGameModel(summary: GameSummary): GameModel {
  return {
    id: summary.gameId,
    gameType: GameType.STOCK_TICKER,
    phase: toPhase(summary.phase),
    players: summary.players.map((player) => ({ playerId: player.playerId, name: player.name, seat: player.seat })),
    brokerId: summary.brokerId,
    round: summary.round,
    roundLimit: summary.roundLimit,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    eventCount: summary.eventCount,
    lastPosition: summary.lastPosition,
    winners: [...summary.winners],
    league: summary.league,
  };
}

export function toGameSummaryModel(summary: GameSummary): GameSummaryModel {
  return {
    id: summary.gameId,
    gameType: toGameType(summary.gameType),
    phase: summary.phase,
    players: summary.players.map((player) => ({ playerId: player.playerId, name: player.name, seat: player.seat })),
    round: summary.round,
    league: summary.league,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    eventCount: summary.eventCount,
    lastPosition: summary.lastPosition,
    winners: [...summary.winners],
  };
}

export function toGameType(type: string): GameTypeValue {
  const known = Object.values(GameType).find((candidate) => candidate === type);
  if (known === undefined) throw new Error(`Unknown game type in the read models: ${type}`);
  return known;
}

export function toPhase(phase: string): GamePhaseValue {
  const known = GAME_PHASES.find((candidate) => candidate === phase);
  if (known === undefined) throw new Error(`Unknown game phase in the read models: ${phase}`);
  return known;
}

export function toPriceBoardModel(board: PriceBoard): PriceBoardModel {
  return {
    gameId: board.gameId,
    round: board.round,
    lastPosition: board.lastPosition,
    stocks: board.stocks.map((quote) => ({
      stock: quote.stock,
      price: quote.price,
      splits: quote.splits,
      timesOffMarket: quote.timesOffMarket,
      history: quote.history.map((point) => ({
        position: point.position,
        revision: point.revision,
        round: point.round,
        price: point.price,
      })),
    })),
  };
}

export function toPortfolioModel(portfolio: PortfolioView): PortfolioModel {
  return {
    playerId: portfolio.playerId,
    name: portfolio.name,
    cash: portfolio.cash,
    loan: portfolio.loan,
    netWorth: portfolio.netWorth,
    holdings: portfolio.holdings.map((holding) => ({ stock: holding.stock, shares: holding.shares, value: holding.value })),
  };
}

export function toTradeModel(trade: TradeEntry): TradeModel {
  return {
    position: trade.position,
    revision: trade.revision,
    playerId: trade.playerId,
    side: trade.side,
    stock: trade.stock,
    shares: trade.shares,
    price: trade.price,
    amount: trade.amount,
    occurredAt: trade.occurredAt,
    round: trade.round,
  };
}
