/** Stream ids of the identity aggregates. Claims make a value (an email, a game) belong to one owner. */
export const ACCOUNT_STREAM_PREFIX = 'account-';
export const LEAGUE_STREAM_PREFIX = 'league-';
export const EMAIL_CLAIM_STREAM_PREFIX = 'email-claim-';
export const GAME_CLAIM_STREAM_PREFIX = 'game-claim-';
/** The named referees of a game outside any league. */
export const GAME_REFEREES_STREAM_PREFIX = 'game-referees-';

export const accountStreamId = (accountId: string) => `${ACCOUNT_STREAM_PREFIX}${accountId}`;
export const leagueStreamId = (leagueId: string) => `${LEAGUE_STREAM_PREFIX}${leagueId}`;
/** Keyed by a digest of the normalized email, computed by the caller. */
export const emailClaimStreamId = (emailDigest: string) => `${EMAIL_CLAIM_STREAM_PREFIX}${emailDigest}`;
export const gameClaimStreamId = (gameType: string, gameId: string) => `${GAME_CLAIM_STREAM_PREFIX}${gameType}-${gameId}`;
export const gameRefereesStreamId = (gameType: string, gameId: string) => `${GAME_REFEREES_STREAM_PREFIX}${gameType}-${gameId}`;
