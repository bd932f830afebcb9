import { Injectable } from '@nestjs/common';
import type { Viewer } from '@corbeille/kernel';
import type { GameAccessPolicy } from './access.port';

/**
 * The policy of a table without accounts: anyone may issue any command, and everyone reads a game as a
 * spectator (so hidden information stays hidden from all). Replaced by the account-based policy.
 */
@Injectable()
export class OpenAccessPolicy implements GameAccessPolicy {
  async mayRead(): Promise<boolean> {
    return true;
  }

  async viewerFor(): Promise<Viewer> {
    return { kind: 'spectator' };
  }

  async assertMayIssue(): Promise<void> {}
}
