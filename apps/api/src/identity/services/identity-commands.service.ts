import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { assertClientCommandId, type CommandHandler, type CommandResult } from '@corbeille/application';
import { noRandom, type Decider, type DomainCommand, type DomainEvent } from '@corbeille/kernel';
import { CLOCK, COMMAND_HANDLER } from '../../infrastructure/infrastructure.tokens';
import type { Clock } from '../../infrastructure/system-clock';
import { IDENTITY_PROJECTION } from '../identity.tokens';
import type { IdentityProjection } from '../read-models/identity.projection';

type IdentityDecider<S, C extends DomainCommand, E extends DomainEvent> = Pick<
  Decider<S, C, E, unknown, unknown>,
  'initialState' | 'decide' | 'evolve'
>;

export interface IdentityEnvelope {
  /** The account sending the command (or the one being created). */
  readonly actor: string;
  /** Idempotency key; generated when absent. */
  readonly commandId?: string | null;
}

/** Identity commands go through the one generic command handler; the read models are caught up before answering. */
@Injectable()
export class IdentityCommandsService {
  constructor(
    @Inject(COMMAND_HANDLER) private readonly handler: CommandHandler,
    @Inject(IDENTITY_PROJECTION) private readonly projection: IdentityProjection,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute<S, C extends DomainCommand, E extends DomainEvent>(
    decider: IdentityDecider<S, C, E>,
    streamId: string,
    command: C,
    envelope: IdentityEnvelope,
  ): Promise<CommandResult<S>> {
    if (envelope.commandId) assertClientCommandId(envelope.commandId);
    const result = await this.handler.handle(decider, streamId, {
      command,
      commandId: envelope.commandId ?? randomUUID(),
      actor: envelope.actor,
      issuer: `account:${envelope.actor}`,
    });
    const last = result.events[result.events.length - 1];
    if (last !== undefined) await this.projection.waitFor(last.position);
    return result;
  }

  /**
   * Decides without writing, to surface a refusal before touching another aggregate (e.g. before a claim
   * that a refused command would otherwise leave behind).
   */
  async check<S, C extends DomainCommand, E extends DomainEvent>(
    decider: IdentityDecider<S, C, E>,
    streamId: string,
    command: C,
    envelope: IdentityEnvelope,
  ): Promise<E[]> {
    const { actor, commandId } = envelope;
    // A retry of a command already applied is answered by the handler, not refused; an id used for
    // another command is refused here (IdempotencyKeyReused), before anything is written anywhere.
    if (commandId) {
      assertClientCommandId(commandId);
      if (await this.handler.wasApplied(decider, streamId, { command, commandId, actor, issuer: `account:${actor}` })) return [];
    }
    const { state } = await this.handler.load(decider, streamId);
    return decider.decide(state, command, { random: noRandom, now: this.clock() });
  }
}
