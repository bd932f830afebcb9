import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@corbeille/kernel';
import { leagueDecider, leagueStreamId, parseTradeId, tradeIdOf, type ActiveLeague, type LeagueCommand, type TradeRef } from '@corbeille/identity';
import type { Principal } from '../../access/access.port';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { nameBasedUuid } from '../../common/ids/name-based-uuid';
import { requireAccount } from '../auth/principal-requirements';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { TradeAnnotationModel, TradeRationaleModel } from '../models/class-audit.model';
import type { IdentityProjection } from '../read-models/identity.projection';
import { ClassAuditService } from './class-audit.service';
import { IdentityCommandsService, type IdentityEnvelope } from './identity-commands.service';

interface Idempotent {
  readonly commandId?: string | null;
}

/**
 * Notes on a class's trades, as events of the class's stream: a teacher's annotations (the `referee`
 * scope: it is the refereeing of the class's games) and a student's rationale of their own trade (the
 * `play` scope). The league decider checks roles and seats; this service checks that the trade is in
 * the game's log.
 */
@Injectable()
export class TradeNotesService {
  constructor(
    private readonly commands: IdentityCommandsService,
    private readonly audit: ClassAuditService,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
  ) {}

  async annotate(
    principal: Principal,
    input: Idempotent & { classId: string; tradeId: string; comment?: string | null; flagged?: boolean | null; score?: number | null },
  ): Promise<TradeAnnotationModel> {
    const actor = requireAccount(principal, 'referee');
    const trade = tradeRef(input.tradeId);
    const annotationId = input.commandId ? nameBasedUuid(`annotate-trade:${input.classId}:${actor.accountId}:${input.commandId}`) : randomUUID();
    const command: LeagueCommand = {
      type: 'AnnotateTrade',
      data: { actorId: actor.accountId, annotationId, trade, comment: input.comment ?? null, flagged: input.flagged ?? null, score: input.score ?? null },
    };
    const league = await this.checked(input.classId, command, trade, { actor: actor.accountId, commandId: input.commandId });
    await this.commands.execute(leagueDecider, leagueStreamId(input.classId), command, { actor: actor.accountId, commandId: input.commandId });
    return this.audit.annotationModel(league, annotationId);
  }

  async recordRationale(principal: Principal, input: Idempotent & { classId: string; tradeId: string; rationale: string }): Promise<TradeRationaleModel> {
    const actor = requireAccount(principal, 'play');
    const trade = tradeRef(input.tradeId);
    const command: LeagueCommand = { type: 'RecordTradeRationale', data: { actorId: actor.accountId, trade, rationale: input.rationale } };
    const league = await this.checked(input.classId, command, trade, { actor: actor.accountId, commandId: input.commandId });
    await this.commands.execute(leagueDecider, leagueStreamId(input.classId), command, { actor: actor.accountId, commandId: input.commandId });
    return this.audit.rationaleModel(league, input.tradeId);
  }

  /** Refusals first (role, seat, text), then the trade itself must be in its game's log. */
  private async checked(classId: string, command: LeagueCommand, trade: TradeRef, envelope: IdentityEnvelope): Promise<ActiveLeague> {
    await this.commands.check(leagueDecider, leagueStreamId(classId), command, envelope);
    const league = this.projection.store.league(classId);
    if (!league) throw new NotFound('LEAGUE_NOT_FOUND', `There is no class or league with id "${classId}"`, { classId });
    if (!(await this.audit.findTrade(league, trade))) {
      const tradeId = tradeIdOf(trade);
      throw new NotFound('TRADE_NOT_FOUND', `There is no trade ${tradeId} in the log`, { tradeId });
    }
    return league;
  }
}

function tradeRef(tradeId: string): TradeRef {
  const trade = parseTradeId(tradeId);
  if (!trade) throw new InputValidationError([{ field: 'tradeId', messages: ['tradeId must be a trade id (<gameType>:<gameId>:<revision>:<playerId>)'] }]);
  return trade;
}
