import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Forbidden, NotFound } from '@corbeille/kernel';
import { accountDecider, accountStreamId, normalizeScopes, type Scope } from '@corbeille/identity';
import type { Principal } from '../../access/access.port';
import { digestApiToken, generateApiToken } from '../auth/credentials';
import { requireAccount } from '../auth/principal-requirements';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { ApiTokenModel, CreatedApiTokenModel } from '../models/account.model';
import type { ApiTokenRecordView } from '../read-models/identity-read-models';
import type { IdentityProjection } from '../read-models/identity.projection';
import { IdentityCommandsService } from './identity-commands.service';

/** API tokens of the signed-in account: a session, or a token holding the `admin` scope, manages them. */
@Injectable()
export class ApiTokensService {
  constructor(
    private readonly commands: IdentityCommandsService,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
  ) {}

  async create(principal: Principal, input: { name: string; scopes: readonly Scope[] }): Promise<CreatedApiTokenModel> {
    const account = requireAccount(principal, 'admin');
    const scopes = normalizeScopes(input.scopes);
    const missing = scopes.filter((scope) => !account.scopes.includes(scope));
    if (missing.length > 0) {
      throw new Forbidden('SCOPE_NOT_HELD', `A token cannot grant scopes its creator lacks: ${missing.join(', ')}`, { scopes: missing });
    }
    const token = generateApiToken();
    const tokenId = randomUUID();
    await this.commands.execute(
      accountDecider,
      accountStreamId(account.accountId),
      { type: 'IssueApiToken', data: { actorId: account.accountId, tokenId, name: input.name, scopes, tokenHash: digestApiToken(token) } },
      { actor: account.accountId },
    );
    return { token, apiToken: this.model(tokenId) };
  }

  list(principal: Principal): ApiTokenModel[] {
    const account = requireAccount(principal, 'admin');
    return this.projection.store.tokensOf(account.accountId).map(toApiTokenModel);
  }

  async revoke(principal: Principal, tokenId: string): Promise<ApiTokenModel> {
    const account = requireAccount(principal, 'admin');
    await this.commands.execute(
      accountDecider,
      accountStreamId(account.accountId),
      { type: 'RevokeApiToken', data: { actorId: account.accountId, tokenId } },
      { actor: account.accountId },
    );
    return this.model(tokenId);
  }

  private model(tokenId: string): ApiTokenModel {
    const token = this.projection.store.tokenById(tokenId);
    if (!token) throw new NotFound('TOKEN_NOT_FOUND', `There is no API token with id "${tokenId}"`, { tokenId });
    return toApiTokenModel(token);
  }
}

function toApiTokenModel(token: ApiTokenRecordView): ApiTokenModel {
  return {
    id: token.tokenId,
    name: token.name,
    scopes: [...token.scopes],
    createdAt: token.createdAt,
    lastUsedAt: token.lastUsedAt,
    revokedAt: token.revokedAt,
  };
}
