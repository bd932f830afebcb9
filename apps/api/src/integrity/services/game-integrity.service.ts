import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@corbeille/event-store';
import {
  commitmentOf,
  enginePinOf,
  fairnessOf,
  integrityStreamOf,
  revealedSeedIn,
  SEED_REVEALED,
  verifyFairness,
  type SeedRevealedData,
  type SeedStore,
} from '@corbeille/integrity';
import { Forbidden, RuleViolation } from '@corbeille/kernel';
import type { Principal } from '../../access/access.port';
import { GameAccessService, type EventLens, type LocatedGame } from '../../games/services/game-access.service';
import { GameStreamService } from '../../games/services/game-stream.service';
import { CLOCK, EVENT_STORE, SEED_STORE } from '../../infrastructure/infrastructure.tokens';
import type { Clock } from '../../infrastructure/system-clock';
import type { FairnessReportModel, GameFairnessModel } from '../models/game-fairness.model';

/**
 * A game's provable fairness (docs/integrity.md): its seed's commitment, the reveal of the seed (at the end
 * of the game, or early by a referee during a dispute, recorded in the `integrity-<gameId>` stream), and the
 * verifier. The seed itself is read from the seed store only to reveal it; before that it is never served.
 */
@Injectable()
export class GameIntegrityService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SEED_STORE) private readonly seeds: SeedStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly access: GameAccessService,
    private readonly streams: GameStreamService,
  ) {}

  async fairness(principal: Principal, gameId: string): Promise<GameFairnessModel> {
    const { located, events, integrity } = await this.records(gameId);
    return fairnessModel(located, events, integrity, await this.access.lensFor(principal, located));
  }

  async verify(gameId: string): Promise<FairnessReportModel> {
    const { located, events, integrity } = await this.records(gameId);
    const report = verifyFairness(located.game, events, integrity);
    return {
      gameId,
      ok: report.ok,
      seedRevealed: report.seedRevealed,
      commitment: report.commitment ?? null,
      engineVersion: report.engine?.version ?? null,
      drawsChecked: report.drawsChecked,
      commandsReplayed: report.commandsReplayed,
      checksumsChecked: report.checksumsChecked,
      commitmentsChecked: report.commitmentsChecked,
      mismatches: report.mismatches.map((mismatch) => ({ ...mismatch })),
    };
  }

  /** A referee's early reveal, for everyone to verify the draws so far. Revealing an already revealed seed changes nothing. */
  async reveal(principal: Principal, gameId: string, reason: string, commandId?: string | null): Promise<GameFairnessModel> {
    for (let attempt = 0; ; attempt += 1) {
      const { located, events, integrity } = await this.records(gameId);
      const viewer = await this.access.viewerFor(principal, located);
      if (viewer.kind !== 'referee') throw new Forbidden('REFEREE_ONLY', "Only a referee may reveal a game's seed", { gameId });
      const current = fairnessModel(located, events, integrity, this.access.lensForViewer(viewer, located));
      if (current.seedRevealed) return current;
      if (current.commitment === null) {
        throw new RuleViolation('NO_SEED_COMMITMENT', "This game's chance was not drawn from a committed seed: there is no seed to reveal", { gameId });
      }
      const seed = await this.seeds.get(gameId);
      if (seed === undefined) throw new Error(`The seed of game ${gameId} is missing from the seed store`);
      const id = commandId ?? randomUUID();
      const data: SeedRevealedData = { gameId, seed, commitment: current.commitment, reason, revealedBy: actorOf(principal) };
      const revision = integrity[integrity.length - 1]?.revision;
      try {
        await this.store.appendToStream(
          integrityStreamOf(gameId),
          [{ type: SEED_REVEALED, data, metadata: { commandId: id, actor: actorOf(principal), correlationId: id, causationId: id, occurredAt: this.clock() } }],
          revision === undefined ? 'no-stream' : revision,
        );
      } catch (error) {
        // Another reveal won the race: read again, and answer with it.
        if (!(error instanceof WrongExpectedRevisionError) || attempt >= 3) throw error;
      }
    }
  }

  private async records(gameId: string): Promise<{ located: LocatedGame; events: RecordedEvent[]; integrity: RecordedEvent[] }> {
    const located = await this.access.locate(gameId);
    const [events, integrity] = await Promise.all([
      this.streams.readEvents(located.game, gameId),
      this.store.readStream(integrityStreamOf(gameId)),
    ]);
    return { located, events, integrity };
  }
}

/** The game's fairness records; a commitment's nonce only once the viewer's lens shows the event whole. */
function fairnessModel(located: LocatedGame, events: readonly RecordedEvent[], integrity: readonly RecordedEvent[], lens: EventLens): GameFairnessModel {
  const first = events[0]?.metadata;
  const fairness = fairnessOf(first);
  const engine = enginePinOf(first);
  const revealed = fairness ? revealedSeedIn(events, integrity) : undefined;
  return {
    gameId: located.ref.gameId,
    scheme: fairness?.scheme ?? null,
    commitment: fairness?.commitment ?? null,
    engineGame: engine?.game ?? null,
    engineVersion: engine?.version ?? null,
    seedRevealed: revealed !== undefined,
    seed: revealed?.seed ?? null,
    revealReason: revealed?.reason ?? null,
    revealedAtPosition: revealed?.at.position ?? null,
    commitments: events.flatMap((event) => {
      const commitment = commitmentOf(event.metadata);
      if (commitment === undefined) return [];
      const nonce = event.metadata['commitmentNonce'];
      // Redaction hands back the same event when it hides nothing from this viewer.
      const shown = lens(event) === event && typeof nonce === 'string' ? nonce : null;
      return [{ revision: event.revision, position: event.position, eventType: event.type, scheme: commitment.scheme, hash: commitment.hash, nonce: shown }];
    }),
  };
}

function actorOf(principal: Principal): string {
  return principal.kind === 'account' ? principal.accountId : 'referee';
}
