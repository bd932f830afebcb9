import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { Scope } from '@corbeille/identity';
import { CredentialKindEnum, ScopeEnum } from './identity-enums';

@ObjectType('Account', { description: 'A signed-up account, as its owner sees it.' })
export class AccountModel {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  email!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { description: 'ISO-8601.' })
  createdAt!: string;

  @Field(() => [ScopeEnum], { description: "The scopes of the request's credential." })
  scopes!: Scope[];

  @Field(() => CredentialKindEnum, { description: 'How the request was signed in.' })
  via!: 'session' | 'api-token';
}

@ObjectType('AuthPayload', { description: 'A signed session token (send it as `Authorization: Bearer <token>`).' })
export class AuthPayloadModel {
  @Field(() => String)
  token!: string;

  @Field(() => String, { description: 'ISO-8601; sign in again after this.' })
  expiresAt!: string;

  @Field(() => AccountModel)
  account!: AccountModel;
}

@ObjectType('LiveTicket', {
  description:
    'A short-lived, read-only ticket for a graphql-ws connection: send it as `connectionParams.authorization` (`Bearer <ticket>`). It opens subscriptions only; HTTP requests refuse it.',
})
export class LiveTicketModel {
  @Field(() => String)
  ticket!: string;

  @Field(() => String, { description: 'ISO-8601; ask for a new ticket to connect after this (an open subscription goes on).' })
  expiresAt!: string;
}

@ObjectType('ApiToken', { description: 'An API token for a third-party client. Its secret is shown once, when created.' })
export class ApiTokenModel {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  name!: string;

  @Field(() => [ScopeEnum])
  scopes!: Scope[];

  @Field(() => String, { description: 'ISO-8601.' })
  createdAt!: string;

  @Field(() => String, { nullable: true, description: 'ISO-8601, recorded at most once a minute.' })
  lastUsedAt!: string | null;

  @Field(() => String, { nullable: true, description: 'ISO-8601; a revoked token is refused with UNAUTHENTICATED.' })
  revokedAt!: string | null;
}

@ObjectType('CreatedApiToken')
export class CreatedApiTokenModel {
  @Field(() => String, { description: 'The secret: shown this once, never stored in clear. Send it as `Authorization: Bearer <token>`.' })
  token!: string;

  @Field(() => ApiTokenModel)
  apiToken!: ApiTokenModel;
}
