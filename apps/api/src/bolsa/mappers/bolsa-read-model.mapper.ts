import type { BolsaBoard, BolsaLedgerEntry, GameSummary } from '@corbeille/projections';
import type { BolsaBoardModel } from '../models/bolsa-board.model';
import { BOLSA_PHASES, type BolsaPhaseValue } from '../models/bolsa-enums';
import type { BolsaGameModel } from '../models/bolsa-game.model';
import type { BolsaLedgerEntryModel } from '../models/bolsa-ledger.model';
import { toCompanyBoardModel } from './bolsa-content.mapper';

export function toBolsaPhase(phase: string): BolsaPhaseValue {
  const known = BOLSA_PHASES.find((candidate) => candidate === phase);
  if (known === undefined) throw new Error(`Unknown BOLSA phase in the read models: ${phase}`);
  return known;
}

export function toBolsaGameModel(summary: GameSummary): BolsaGameModel {
  return {
    id: summary.gameId,
    phase: toBolsaPhase(summary.phase),
    players: summary.players.map((player) => ({ playerId: player.playerId, name: player.name, seat: player.seat })),
    month: summary.round,
    lastMonth: summary.roundLimit,
    league: summary.league,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    eventCount: summary.eventCount,
    lastPosition: summary.lastPosition,
    winners: [...summary.winners],
  };
}

export function toBolsaBoardModel(board: BolsaBoard): BolsaBoardModel {
  return {
    gameId: board.gameId,
    month: board.month,
    lastPosition: board.lastPosition,
    companies: board.companies.map((quote) => ({
      company: quote.company,
      price: quote.price,
      level: quote.level,
      dividend: quote.dividend,
      available: quote.available,
      trend: [...quote.trend],
      suspended: quote.suspended,
      suspendedNextMonth: quote.suspendedNextMonth,
      monthly: quote.monthly.map((point) => ({ month: point.month, price: point.price })),
      moves: quote.moves.map((move) => ({ ...move })),
      board: toCompanyBoardModel(quote.company),
    })),
  };
}

export function toLedgerEntryModel(entry: BolsaLedgerEntry): BolsaLedgerEntryModel {
  return {
    position: entry.position,
    revision: entry.revision,
    sequence: entry.sequence,
    kind: entry.kind,
    month: entry.month,
    playerId: entry.playerId,
    company: entry.company,
    shares: entry.shares,
    price: entry.price,
    amount: entry.amount,
    via: entry.via,
    real: entry.real,
    draw: entry.draw,
    occurredAt: entry.occurredAt,
  };
}
