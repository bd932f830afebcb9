import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ConcurrencyConflict, Forbidden } from '@corbeille/kernel';
import {
  ACCOUNT_SCOPES,
  accountDecider,
  accountStreamId,
  emailClaimDecider,
  emailClaimStreamId,
  normalizeEmail,
  type Scope,
} from '@corbeille/identity';
import type { Principal } from '../../access/access.port';
import { Unauthenticated } from '../../common/errors/unauthenticated.error';
import { COMMAND_HANDLER } from '../../infrastructure/infrastructure.tokens';
import type { CommandHandler } from '@corbeille/application';
import { digestEmail } from '../auth/credentials';
import { PasswordHasher } from '../auth/password-hasher';
import { requireAccount } from '../auth/principal-requirements';
import { SessionTokens } from '../auth/session-tokens';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { AccountModel, AuthPayloadModel, LiveTicketModel } from '../models/account.model';
import type { AccountRecord } from '../read-models/identity-read-models';
import type { IdentityProjection } from '../read-models/identity.projection';
import { IdentityCommandsService } from './identity-commands.service';

const WRONG_CREDENTIALS = 'Wrong email or password';

/** Sign-up (claim the email, then register the account) and sign-in (bcrypt, then a session token). */
@Injectable()
export class AccountsService {
  constructor(
    private readonly commands: IdentityCommandsService,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionTokens,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
    @Inject(COMMAND_HANDLER) private readonly handler: CommandHandler,
  ) {}

  async signUp(input: { email: string; password: string; displayName: string }): Promise<AuthPayloadModel> {
    const email = normalizeEmail(input.email);
    const passwordHash = await this.passwords.hash(input.password);
    const accountId = await this.claimEmail(email, randomUUID());
    await this.commands.execute(
      accountDecider,
      accountStreamId(accountId),
      { type: 'RegisterAccount', data: { accountId, email, displayName: input.displayName, passwordHash } },
      { actor: accountId },
    );
    return this.session(this.requireAccount(accountId));
  }

  async signIn(input: { email: string; password: string }): Promise<AuthPayloadModel> {
    let email: string;
    try {
      email = normalizeEmail(input.email);
    } catch {
      await this.passwords.verifyNothing(input.password);
      throw new Unauthenticated('WRONG_CREDENTIALS', WRONG_CREDENTIALS);
    }
    const account = this.projection.store.accountByEmail(email);
    const valid = account ? await this.passwords.verify(input.password, account.passwordHash) : await this.passwords.verifyNothing(input.password);
    if (!account || !valid) throw new Unauthenticated('WRONG_CREDENTIALS', WRONG_CREDENTIALS);
    return this.session(account);
  }

  me(principal: Principal): AccountModel | null {
    // A live ticket never reaches a query (the principal guard refuses it); were it to, it is nobody here.
    if (principal.kind !== 'account' || principal.via === 'live-ticket') return null;
    const account = this.projection.store.accountById(principal.accountId);
    return account ? toAccountModel(account, principal.scopes, principal.via) : null;
  }

  /**
   * A short-lived ticket for the browser's live connection: the dashboard keeps the session in an httpOnly
   * cookie, so its page scripts get this (read-only, subscriptions only) instead. Sessions only: an API
   * token opens a socket itself, and a ticket cannot be stretched into another.
   */
  async issueLiveTicket(principal: Principal): Promise<LiveTicketModel> {
    const account = requireAccount(principal);
    if (account.via !== 'session') throw new Forbidden('SESSION_REQUIRED', 'Only a signed-in session may ask for a live ticket');
    const { token, expiresAt } = await this.sessions.issueLiveTicket(account.accountId);
    return { ticket: token, expiresAt };
  }

  /**
   * The account id the email belongs to. A claim whose account was never registered (the sign-up stopped
   * between its two writes) is finished by whoever signs up with that email next.
   */
  private async claimEmail(email: string, accountId: string): Promise<string> {
    const streamId = emailClaimStreamId(digestEmail(email));
    try {
      await this.commands.execute(emailClaimDecider, streamId, { type: 'Claim', data: { key: email, ownerId: accountId } }, { actor: accountId });
      return accountId;
    } catch (error) {
      if (!(error instanceof ConcurrencyConflict) || error.code !== 'EMAIL_TAKEN') throw error;
      const { state } = await this.handler.load(emailClaimDecider, streamId);
      const owner = state.ownerId;
      if (owner === null) throw error;
      const registered = (await this.handler.load(accountDecider, accountStreamId(owner))).state.status === 'registered';
      if (registered) throw error;
      return owner;
    }
  }

  private requireAccount(accountId: string): AccountRecord {
    const account = this.projection.store.accountById(accountId);
    if (!account) throw new Error(`Account ${accountId} is missing from the read models after its registration`);
    return account;
  }

  private async session(account: AccountRecord): Promise<AuthPayloadModel> {
    const { token, expiresAt } = await this.sessions.issue(account.accountId);
    return { token, expiresAt, account: toAccountModel(account, ACCOUNT_SCOPES, 'session') };
  }
}

function toAccountModel(account: AccountRecord, scopes: readonly Scope[], via: AccountModel['via']): AccountModel {
  return {
    id: account.accountId,
    email: account.email,
    displayName: account.displayName,
    createdAt: account.registeredAt,
    scopes: [...scopes],
    via,
  };
}
