declare const brand: unique symbol;
/** A string that has been checked to be an id of a given kind. */
export type Brand<T, Name extends string> = T & { readonly [brand]: Name };

export type GameId = Brand<string, 'GameId'>;
export type PlayerId = Brand<string, 'PlayerId'>;
export type CommandId = Brand<string, 'CommandId'>;
export type LeagueId = Brand<string, 'LeagueId'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** Short human ids used for seats and demo data: letters, digits, dash and underscore. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Ids are UUIDs or short slugs; anything else (spaces, slashes, empty) is rejected. */
export function isValidId(value: string): boolean {
  return isUuid(value) || SLUG.test(value);
}

export const asGameId = (value: string) => value as GameId;
export const asPlayerId = (value: string) => value as PlayerId;
export const asCommandId = (value: string) => value as CommandId;
export const asLeagueId = (value: string) => value as LeagueId;
