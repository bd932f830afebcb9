import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Principal } from '../../access/access.port';
import { CurrentPrincipal } from '../../common/principal/current-principal.decorator';
import { SignInInput, SignUpInput } from '../dtos/account.inputs';
import { AccountModel, AuthPayloadModel } from '../models/account.model';
import { AccountsService } from '../services/accounts.service';

@Resolver()
export class AccountsResolver {
  constructor(private readonly accounts: AccountsService) {}

  @Mutation(() => AuthPayloadModel, { nullable: true, description: 'Creates an account and signs it in.' })
  signUp(@Args('input') input: SignUpInput): Promise<AuthPayloadModel> {
    return this.accounts.signUp(input);
  }

  @Mutation(() => AuthPayloadModel, { nullable: true, description: 'Signs in: a session token to send as `Authorization: Bearer <token>`.' })
  signIn(@Args('input') input: SignInInput): Promise<AuthPayloadModel> {
    return this.accounts.signIn(input);
  }

  @Query(() => AccountModel, { nullable: true, description: 'The signed-in account (null when anonymous).' })
  me(@CurrentPrincipal() principal: Principal): AccountModel | null {
    return this.accounts.me(principal);
  }
}
