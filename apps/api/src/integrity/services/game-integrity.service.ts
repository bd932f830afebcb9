import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EventStore, NewEvent, RecordedEvent } from '@corbeille/event-store';
import {
  publishCommitments,
  enginePinOf,
  fairnessOf,
  FAIRNESS_SCHEME_V2,
  integrityStreamOf,
  newSeed,
  publishFairness,
  SEED_REVEALED,
  seedCommitment,
  seedEpochsOf,
  verifyFairness,
  type SeedRevealedData,
  type SeedStore,
} from '@corbeille/integrity';
import { Forbidden, RuleViolation } from '@corbeille/kernel';
import { fairnessFoldOf, UnknownEngineVersionError } from '@corbeille/projections';
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

  async verify(principal: Principal, gameId: string): Promise<FairnessReportModel> {
    // Verifying reads the whole record: for those who may see the game.
    await this.access.locateReadable(principal, gameId);
    const { located, events, integrity } = await this.records(gameId);
    let fold: ReturnType<typeof fairnessFoldOf> | undefined;
    try {
      fold = fairnessFoldOf(located.game, events);
    } catch (error) {
      // An engine version this build lacks: the report says so.
      if (!(error instanceof UnknownEngineVersionError)) throw error;
    }
    const report = verifyFairness(located.game, events, integrity, fold);
    return {
      gameId,
      ok: report.ok,
      seedRevealed: report.seedRevealed,
      epochs: report.epochs,
      drawsPending: report.drawsPending,
      commitment: report.commitment ?? null,
      engineVersion: report.engine?.version ?? null,
      drawsChecked: report.drawsChecked,
      commandsReplayed: report.commandsReplayed,
      checksumsChecked: report.checksumsChecked,
      commitmentsChecked: report.commitmentsChecked,
      mismatches: report.mismatches.map((mismatch) => ({ ...mismatch })),
    };
  }

  /**
   * A referee's early reveal of the seed drawn from so far, for everyone to verify the draws up to now. The
   * game goes on with a fresh seed (a new epoch), whose commitment the reveal records, so what is left of it
   * stays unpredictable. A retried command id, or a game already over (its seed revealed), changes nothing.
   */
  async reveal(principal: Principal, gameId: string, reason: string, commandId?: string | null): Promise<GameFairnessModel> {
    const id = commandId ?? randomUUID();
    for (let attempt = 0; ; attempt += 1) {
      const { located, events, integrity } = await this.records(gameId);
      const viewer = await this.access.viewerFor(principal, located);
      if (viewer.kind !== 'referee') throw new Forbidden('REFEREE_ONLY', "Only a referee may reveal a game's seed", { gameId });
      const lens = this.access.lensForViewer(viewer, located);
      const fairness = fairnessOf(events[0]?.metadata);
      if (fairness === undefined) {
        throw new RuleViolation('NO_SEED_COMMITMENT', "This game's chance was not drawn from a committed seed: there is no seed to reveal", { gameId });
      }
      if (fairness.scheme === FAIRNESS_SCHEME_V2) {
        // Its secret would disclose every hidden card; each public outcome's own sub-seed is served already.
        throw new RuleViolation(
          'SEED_NOT_REVEALABLE',
          "This game's secret is never revealed: it would show hidden cards. Every public outcome can be checked now with its own seed in gameFairness",
          { gameId },
        );
      }
      if (integrity.some((event) => event.metadata.commandId === id)) return fairnessModel(located, events, integrity, lens);
      const current = await this.seeds.get(gameId);
      if (current === undefined) throw new Error(`The seed of game ${gameId} is missing from the seed store`);
      const logged = seedEpochsOf(events, integrity);
      if (logged[current.epoch]?.revealed) return fairnessModel(located, events, integrity, lens);
      // The store moves on first: a crash before the append leaves an epoch the log does not commit to yet,
      // which the verifier reports (and the next reveal records); never a seed the log commits to but lost.
      const ours = newSeed();
      const next = await this.seeds.advance(gameId, current.epoch, ours);
      if (next.seed !== ours) {
        // Another reveal of this epoch is under way: give it a moment to be recorded.
        if (attempt >= 5) return fairnessModel(located, events, integrity, lens);
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      const revealedBy = actorOf(principal);
      const reveals: NewEvent[] = [];
      // Epochs the store moved past without the log recording it (an interrupted reveal), then this one.
      for (let epoch = logged.length - 1; epoch <= current.epoch; epoch += 1) {
        if (epoch < 0 || logged[epoch]?.revealed) continue;
        const seed = epoch === current.epoch ? current : await this.seeds.get(gameId, epoch);
        const following = epoch === current.epoch ? next : await this.seeds.get(gameId, epoch + 1);
        if (seed === undefined || following === undefined) continue;
        const data: SeedRevealedData = {
          gameId,
          seed: seed.seed,
          epoch,
          commitment: seedCommitment(seed.seed),
          nextCommitment: seedCommitment(following.seed),
          reason: epoch === current.epoch ? reason : `${reason} (recording an earlier, interrupted reveal)`,
          revealedBy,
        };
        const eventId = epoch === current.epoch ? id : `${id}:${epoch}`;
        reveals.push({ type: SEED_REVEALED, data, metadata: { commandId: eventId, actor: revealedBy, correlationId: id, causationId: id, occurredAt: this.clock() } });
      }
      await this.store.appendToStream(integrityStreamOf(gameId), reveals, 'any');
      const after = await this.records(gameId);
      return fairnessModel(after.located, after.events, after.integrity, lens);
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
  const epochs = fairness ? seedEpochsOf(events, integrity) : [];
  const opening = epochs[0]?.revealed;
  const published = publishFairness(events, lens);
  return {
    gameId: located.ref.gameId,
    scheme: fairness?.scheme ?? null,
    commitment: fairness?.commitment ?? null,
    engineGame: engine?.game ?? null,
    engineVersion: engine?.version ?? null,
    seedRevealed: opening !== undefined,
    seed: opening?.seed ?? null,
    revealReason: opening?.reason ?? null,
    revealedAtPosition: opening?.at.position ?? null,
    epochs: epochs.map(({ epoch, commitment, revealed }) => ({
      epoch,
      commitment: commitment ?? null,
      seed: revealed?.seed ?? null,
      revealReason: revealed?.reason ?? null,
      revealedAtPosition: revealed?.at.position ?? null,
    })),
    commitments: publishCommitments(events, lens),
    batchRoots: published.batchRoots.map((root) => ({ ...root })),
    units: published.units.map((unit) => ({
      ...unit,
      path: [...unit.path],
      draws: unit.draws.map((draw) => ({ ...draw })),
      positions: unit.positions.map((position) => ({
        ...position,
        value: position.value === null || position.value === undefined ? null : typeof position.value === 'string' ? position.value : JSON.stringify(position.value),
      })),
    })),
  };
}

function actorOf(principal: Principal): string {
  return principal.kind === 'account' ? principal.accountId : 'referee';
}
