import type { IncomingHttpHeaders } from 'node:http';
import { asPlayerId, Forbidden, type Viewer } from '@corbeille/kernel';
import type { CommandRef, GameAccessPolicy, GameRef, Principal } from '../access/access.port';
import type { Authenticator } from '../common/principal/authenticator';

/**
 * Test doubles of the access port: a header (HTTP) or connection parameter (WebSocket) names who is
 * asking, with no sign-in. "referee" is the table's referee; any other name is the player of that seat.
 */
export const TEST_PLAYER_HEADER = 'x-test-player';
export const TEST_REFEREE = 'referee';

export const asTestPlayer = (name: string): Record<string, string> => ({ [TEST_PLAYER_HEADER]: name });

function testPrincipal(name: unknown): Principal | undefined {
  if (typeof name !== 'string' || name.length === 0) return undefined;
  return {
    kind: 'account',
    accountId: name,
    displayName: name,
    scopes: name === TEST_REFEREE ? ['read', 'play', 'referee'] : ['read', 'play'],
    via: 'session',
  };
}

export const testAuthenticator: Authenticator = {
  fromHttp: async (request: { readonly headers: IncomingHttpHeaders }) => testPrincipal(request.headers[TEST_PLAYER_HEADER]),
  fromConnection: async (connectionParams) => testPrincipal(connectionParams?.[TEST_PLAYER_HEADER]),
};

/** Players act for their own seat only; referee commands are the referee's; the anonymous only watch. */
export class TestAccessPolicy implements GameAccessPolicy {
  async mayRead(): Promise<boolean> {
    return true;
  }

  async viewerFor(principal: Principal, _game: GameRef): Promise<Viewer> {
    if (principal.kind === 'anonymous') return { kind: 'spectator' };
    if (principal.scopes.includes('referee')) return { kind: 'referee' };
    return { kind: 'player', playerId: asPlayerId(principal.accountId) };
  }

  async assertMayIssue(principal: Principal, game: GameRef, command: CommandRef): Promise<void> {
    if (principal.kind === 'anonymous') throw new Forbidden('SIGN_IN_REQUIRED', 'Sign in to play', { gameId: game.gameId });
    if (command.actingPlayerId === undefined) {
      if (!principal.scopes.includes('referee')) {
        throw new Forbidden('REFEREE_ONLY', `Only the referee may send ${command.type}`, { gameId: game.gameId, command: command.type });
      }
      return;
    }
    if (command.actingPlayerId !== principal.accountId) {
      throw new Forbidden('NOT_YOUR_SEAT', `${principal.displayName} may not act for ${command.actingPlayerId}`, {
        gameId: game.gameId,
        playerId: command.actingPlayerId,
      });
    }
  }
}
