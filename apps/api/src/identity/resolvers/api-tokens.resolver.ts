import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Principal } from '../../access/access.port';
import { CurrentPrincipal } from '../../common/principal/current-principal.decorator';
import { CreateApiTokenInput, RevokeApiTokenInput } from '../dtos/account.inputs';
import { ApiTokenModel, CreatedApiTokenModel } from '../models/account.model';
import { ApiTokensService } from '../services/api-tokens.service';

@Resolver()
export class ApiTokensResolver {
  constructor(private readonly tokens: ApiTokensService) {}

  @Mutation(() => CreatedApiTokenModel, { nullable: true, description: 'Creates an API token; its secret is in this answer only.' })
  createApiToken(@CurrentPrincipal() principal: Principal, @Args('input') input: CreateApiTokenInput): Promise<CreatedApiTokenModel> {
    return this.tokens.create(principal, input);
  }

  @Query(() => [ApiTokenModel], { description: "The signed-in account's API tokens, revoked ones included." })
  apiTokens(@CurrentPrincipal() principal: Principal): ApiTokenModel[] {
    return this.tokens.list(principal);
  }

  @Mutation(() => ApiTokenModel, { nullable: true, description: 'Revokes an API token: requests with it are refused from now on.' })
  revokeApiToken(@CurrentPrincipal() principal: Principal, @Args('input') input: RevokeApiTokenInput): Promise<ApiTokenModel> {
    return this.tokens.revoke(principal, input.id);
  }
}
