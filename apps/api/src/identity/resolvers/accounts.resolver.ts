import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import type { Principal } from '../../access/access.port';
import { CurrentPrincipal } from '../../common/principal/current-principal.decorator';
import { SignInInput, SignUpInput } from '../dtos/account.inputs';
import { AccountModel, AuthPayloadModel, LiveTicketModel } from '../models/account.model';
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

  @Mutation(() => LiveTicketModel, {
    nullable: true,
    description: "A 5-minute, read-only ticket for a live (graphql-ws) connection as the signed-in account, for clients that must not hold the session token (a signed-in session only).",
  })
  issueLiveTicket(@CurrentPrincipal() principal: Principal): Promise<LiveTicketModel> {
    return this.accounts.issueLiveTicket(principal);
  }

  @Query(() => AccountModel, { nullable: true, description: 'The signed-in account (null when anonymous).' })
  me(@CurrentPrincipal() principal: Principal): AccountModel | null {
    return this.accounts.me(principal);
  }
}
