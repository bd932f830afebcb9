import { Inject, Injectable } from '@nestjs/common';
import { NotFound } from '@corbeille/kernel';
import { gameRefereesDecider, gameRefereesStreamId, type GameRefereesCommand } from '@corbeille/identity';
import { GameAccessService, type LocatedGame } from '../games/services/game-access.service';
import { requireAccount } from '../identity/auth/principal-requirements';
import { IDENTITY_PROJECTION } from '../identity/identity.tokens';
import type { IdentityProjection } from '../identity/read-models/identity.projection';
import { IdentityCommandsService } from '../identity/services/identity-commands.service';
import type { Principal } from './access.port';
import type { GameRefereeModel, GameRefereesModel } from './game-referees.models';

/**
 * A game's referees, as the access policy names them: its league's organisers (a class's teachers), or,
 * outside any league, its creator and the accounts the creator named. Naming is an event of the game's
 * `game-referees-<gameType>-<gameId>` stream, decided by the game-referees decider.
 */
@Injectable()
export class GameRefereesService {
  constructor(
    private readonly access: GameAccessService,
    private readonly commands: IdentityCommandsService,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
  ) {}

  /** The referees of a game the principal may see. */
  async referees(principal: Principal, gameId: string): Promise<GameRefereesModel> {
    return this.modelOf(await this.access.locateReadable(principal, gameId));
  }

  async change(
    principal: Principal,
    type: GameRefereesCommand['type'],
    input: { gameId: string; accountId: string; commandId?: string | null },
  ): Promise<GameRefereesModel> {
    const actor = requireAccount(principal, 'referee');
    const located = await this.access.locateReadable(principal, input.gameId);
    if (type === 'AddGameReferee' && !this.projection.store.accountById(input.accountId)) {
      throw new NotFound('ACCOUNT_NOT_FOUND', `There is no account with id "${input.accountId}"`, { accountId: input.accountId });
    }
    const { gameType, gameId } = located.ref;
    const data = { actorId: actor.accountId, gameType, gameId, creatorId: located.ref.createdBy ?? null, league: this.leagueOf(located), accountId: input.accountId };
    await this.commands.execute(gameRefereesDecider, gameRefereesStreamId(gameType, gameId), { type, data }, { actor: actor.accountId, commandId: input.commandId ?? null });
    return this.modelOf(located);
  }

  /** The league whose table the game is, else the league it was created in (if that is a league). */
  private leagueOf(located: LocatedGame): string | null {
    const { store } = this.projection;
    const table = store.tableOfGame(located.ref.gameType, located.ref.gameId);
    if (table) return table.leagueId;
    const { league } = located.ref;
    return league !== null && store.league(league) ? league : null;
  }

  private modelOf(located: LocatedGame): GameRefereesModel {
    const { store } = this.projection;
    const leagueId = this.leagueOf(located);
    const nameOf = (accountId: string) => store.accountById(accountId)?.displayName ?? accountId;
    let referees: GameRefereeModel[];
    if (leagueId !== null) {
      const league = store.league(leagueId);
      const reason = league?.kind === 'class' ? 'TEACHER' : 'ORGANISER';
      referees = (league?.members ?? [])
        .filter((member) => member.role === 'organiser')
        .map((member) => ({ accountId: member.accountId, displayName: nameOf(member.accountId), reason }));
    } else {
      const creator = located.ref.createdBy ?? null;
      referees = [
        ...(creator !== null ? [{ accountId: creator, displayName: nameOf(creator), reason: 'CREATOR' as const }] : []),
        ...store.namedRefereesOf(located.ref.gameType, located.ref.gameId).map((accountId) => ({ accountId, displayName: nameOf(accountId), reason: 'NAMED' as const })),
      ];
    }
    return { gameId: located.ref.gameId, leagueId, referees };
  }
}
