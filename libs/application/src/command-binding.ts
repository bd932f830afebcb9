import { createHash, randomBytes } from 'node:crypto';
import type { EventMetadata } from '@corbeille/event-store';
import { isValidId, InvalidInput } from '@corbeille/kernel';

/** The issuer recorded for commands the server sends on its own (deadlines, clocks, bots). */
export const SERVER_ISSUER = 'server';

/**
 * Command ids the server chooses start with this prefix. Client ids are UUIDs or slugs (`isValidId`),
 * which cannot hold a ":", so no client can claim a server id ahead of the server.
 */
export const SERVER_COMMAND_ID_PREFIX = 'server:';

/** A command id no client can send, e.g. `server:close-planning:<gameId>:<month>`. */
export function serverCommandId(...parts: readonly (string | number)[]): string {
  return `${SERVER_COMMAND_ID_PREFIX}${parts.join(':')}`;
}

export function isServerCommandId(commandId: string): boolean {
  return commandId.startsWith(SERVER_COMMAND_ID_PREFIX);
}

/** Refuses a command id sent by a client unless it is a UUID or a slug (so never a server id). */
export function assertClientCommandId(commandId: string): void {
  if (isValidId(commandId)) return;
  if (isServerCommandId(commandId)) {
    throw new InvalidInput('COMMAND_ID_RESERVED', `Command ids starting with "${SERVER_COMMAND_ID_PREFIX}" are the server's own: use a UUID or a slug`, {
      commandId,
    });
  }
  throw new InvalidInput('INVALID_COMMAND_ID', 'A command id must be a UUID or a slug (letters, digits, "-" or "_", at most 64 characters)', { commandId });
}

/**
 * What a command id is bound to, recorded in `metadata.commandBinding` of every event of the command:
 * who issued it, and a salted SHA-256 of the command (id, issuer, actor, type, payload). The random salt
 * keeps equal payloads from having equal digests. It does not hide a small payload (a secret BOLSA plan)
 * from whoever holds the metadata, who could try every candidate: like `commitmentNonce`, the binding is
 * metadata the API does not serve.
 */
export interface CommandBinding {
  readonly issuer: string;
  readonly salt: string;
  readonly digest: string;
}

/** A command's binding as the handler knows it: recorded, or (events written before bindings) only the actor. */
export type KnownBinding = { readonly kind: 'bound'; readonly binding: CommandBinding } | { readonly kind: 'legacy'; readonly actor: string };

/** The part of a command that a repeated command id must match. */
export interface BoundCommand {
  readonly commandId: string;
  readonly issuer: string;
  readonly actor: string;
  readonly type: string;
  readonly data: unknown;
}

export function bindCommand(command: BoundCommand, salt: string = randomBytes(16).toString('hex')): CommandBinding {
  return { issuer: command.issuer, salt, digest: digestOf(command, salt) };
}

/** The binding recorded with an event, or the legacy form for an event stored without one. */
export function bindingOfEvent(metadata: EventMetadata): KnownBinding {
  const recorded = metadata['commandBinding'] as Partial<CommandBinding> | undefined;
  if (recorded && typeof recorded.issuer === 'string' && typeof recorded.salt === 'string' && typeof recorded.digest === 'string') {
    return { kind: 'bound', binding: { issuer: recorded.issuer, salt: recorded.salt, digest: recorded.digest } };
  }
  return { kind: 'legacy', actor: String(metadata.actor) };
}

/**
 * Whether a repeated command id is the same command: same issuer and same command for bound ids; for ids
 * recorded before bindings existed, the same actor (all such events carry).
 */
export function sameCommand(known: KnownBinding, command: BoundCommand): boolean {
  if (known.kind === 'legacy') return known.actor === command.actor;
  return known.binding.issuer === command.issuer && known.binding.digest === digestOf(command, known.binding.salt);
}

function digestOf(command: BoundCommand, salt: string): string {
  const { commandId, issuer, actor, type, data } = command;
  return createHash('sha256').update(canonicalJson({ salt, commandId, issuer, actor, type, data })).digest('hex');
}

/** JSON with object keys sorted at every level, so that equal payloads hash alike whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'null';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const field = (value as Record<string, unknown>)[key];
    if (field !== undefined) sorted[key] = sortKeys(field);
  }
  return sorted;
}
