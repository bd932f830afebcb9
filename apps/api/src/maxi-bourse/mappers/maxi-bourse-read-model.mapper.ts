import type {
  GameSummary,
  MaxiBourseBoard,
  MaxiBourseDecision,
  MaxiBourseLedgerEntry,
  MaxiBoursePayout,
  MaxiBoursePriceBoard,
  MaxiBourseStandings,
} from '@corbeille/projections';
import type { MaxiBourseBoardModel } from '../models/maxi-bourse-board.model';
import type { MaxiBourseDecisionModel } from '../models/maxi-bourse-decision.model';
import { MAXI_BOURSE_PHASES, type MaxiBoursePhaseValue } from '../models/maxi-bourse-enums';
import type { MaxiBourseGameModel } from '../models/maxi-bourse-game.model';
import type { MaxiBourseLedgerEntryModel } from '../models/maxi-bourse-ledger.model';
import type { MaxiBoursePayoutModel } from '../models/maxi-bourse-payout.model';
import type { MaxiBourseStandingModel } from '../models/maxi-bourse-portfolio.model';
import type { MaxiBoursePriceBoardModel } from '../models/maxi-bourse-price-board.model';
import { companyName, toSpaceModel } from './maxi-bourse-content.mapper';

export function toMaxiBoursePhase(phase: string): MaxiBoursePhaseValue {
  const known = MAXI_BOURSE_PHASES.find((candidate) => candidate === phase);
  if (known === undefined) throw new Error(`Unknown Maxi Bourse phase in the read models: ${phase}`);
  return known;
}

export function toMaxiBourseGameModel(summary: GameSummary): MaxiBourseGameModel {
  return {
    id: summary.gameId,
    phase: toMaxiBoursePhase(summary.phase),
    players: summary.players.map((player) => ({ playerId: player.playerId, name: player.name, seat: player.seat })),
    tableTurn: summary.round,
    turnLimit: summary.roundLimit,
    league: summary.league,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    eventCount: summary.eventCount,
    lastPosition: summary.lastPosition,
    winners: [...summary.winners],
  };
}

export function toBoardModel(board: MaxiBourseBoard): MaxiBourseBoardModel {
  const spaces = board.spaces.map(toSpaceModel);
  return {
    gameId: board.gameId,
    variant: board.variant,
    trackLength: board.trackLength,
    spaces,
    pawns: board.pawns.map((pawn) => ({ ...pawn, space: spaces[pawn.position] ?? null })),
    roller: board.roller,
    tableTurn: board.tableTurn,
    dice: board.dice ? [...board.dice] : null,
    lastPosition: board.lastPosition,
  };
}

export function toPriceBoardModel(board: MaxiBoursePriceBoard): MaxiBoursePriceBoardModel {
  return {
    gameId: board.gameId,
    tableTurn: board.tableTurn,
    lastPosition: board.lastPosition,
    companies: board.companies.map((quote) => ({
      company: quote.company,
      name: companyName(quote.company),
      sector: quote.sector,
      nominal: quote.nominal,
      price: quote.price,
      bankShares: quote.bankShares,
      history: quote.history.map((point) => ({ ...point })),
    })),
  };
}

export function toDecisionModel(decision: MaxiBourseDecision): MaxiBourseDecisionModel {
  return {
    ...decision,
    phase: decision.phase === 'uncreated' ? null : decision.phase,
    dice: decision.dice ? [...decision.dice] : null,
    awaiting: [...decision.awaiting],
    pending: [...decision.pending],
    bids: decision.bids.map((bid) => ({ ...bid })),
    bidders: decision.bidders.map((bidder) => ({ ...bidder })),
    answered: [...decision.answered],
    responders: [...decision.responders],
    answers: decision.answers.map((answer) => ({ ...answer })),
  };
}

export function toLedgerEntryModel(entry: MaxiBourseLedgerEntry): MaxiBourseLedgerEntryModel {
  return {
    position: entry.position,
    revision: entry.revision,
    sequence: entry.sequence,
    kind: entry.kind,
    tableTurn: entry.tableTurn,
    playerId: entry.playerId,
    buyer: entry.buyer,
    seller: entry.seller,
    company: entry.company,
    lots: entry.lots,
    shares: entry.shares,
    price: entry.price,
    amount: entry.amount,
    via: entry.via,
    occurredAt: entry.occurredAt,
  };
}

export function toPayoutModel(payout: MaxiBoursePayout): MaxiBoursePayoutModel {
  return {
    position: payout.position,
    revision: payout.revision,
    playerId: payout.playerId,
    circuit: payout.circuit,
    tableTurn: payout.tableTurn,
    dividend: payout.dividend?.amount ?? 0,
    dividendShares: payout.dividend?.shares ?? 0,
    directorsFees: payout.directorsFees.map((fee) => ({ ...fee })),
    horizontalBonuses: payout.horizontalBonuses.map((bonus) => ({ sector: bonus.sector, companies: [...bonus.companies], amount: bonus.amount })),
    verticalBonuses: payout.verticalBonuses.map((bonus) => ({ sector: null, companies: [...bonus.companies], amount: bonus.amount })),
    total: payout.total,
  };
}

export function toStandingModels(standings: MaxiBourseStandings | null): MaxiBourseStandingModel[] {
  return (standings?.rows ?? []).map((row) => ({ ...row }));
}
