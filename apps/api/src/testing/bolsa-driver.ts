import {
  BOLSA_EVENTS_PAGE,
  BOLSA_LEGAL_ACTIONS,
  BOLSA_STATUS,
  CHOOSE_BOLSA_CARD,
  CLOSE_BOLSA_PLANNING,
  CREATE_BOLSA_GAME,
  JOIN_BOLSA_GAME,
  START_BOLSA_GAME,
  SUBMIT_BOLSA_PLAN,
  type BolsaEventsPage,
  type BolsaLegalActionView,
  type BolsaMonthView,
  type BolsaOutcome,
  type BolsaOutcomeEvent,
  type BolsaStatus,
  type MarkerInput,
} from './bolsa-operations';
import { asTestPlayer, TEST_REFEREE } from './test-access-policy';
import type { TestApp } from './test-app';
import { BOLSA_GAME, streamIdFor } from '@corbeille/projections';

/** The headers a named requester sends (none: anonymous); `TEST_REFEREE` names the table's referee. */
export type RequesterHeaders = (name: string) => Record<string, string>;

/**
 * Plays BOLSA moves over HTTP as a named requester and fails loudly on any GraphQL error. Referee
 * commands are sent as the referee. Names become the test authenticator's header by default; pass
 * `headersOf` to send real credentials (e.g. each player's session token).
 */
export class BolsaDriver {
  constructor(
    private readonly api: TestApp,
    readonly gameId: string,
    private readonly headersOf: RequesterHeaders = asTestPlayer,
  ) {}

  private as(name: string | undefined): Record<string, string> {
    return name === undefined ? {} : this.headersOf(name);
  }

  async create(options: Readonly<Record<string, unknown>> = {}, extra: Readonly<Record<string, unknown>> = {}): Promise<BolsaOutcome> {
    const input = { gameId: this.gameId, options, ...extra };
    return (await this.api.data<{ createBolsaGame: BolsaOutcome }>(CREATE_BOLSA_GAME, { input }, this.as(TEST_REFEREE))).createBolsaGame;
  }

  async join(playerId: string, name = playerId.toUpperCase()): Promise<BolsaOutcome> {
    const input = { gameId: this.gameId, playerId, name };
    return (await this.api.data<{ joinBolsaGame: BolsaOutcome }>(JOIN_BOLSA_GAME, { input }, this.as(playerId))).joinBolsaGame;
  }

  async start(): Promise<BolsaOutcome> {
    return (await this.api.data<{ startBolsaGame: BolsaOutcome }>(START_BOLSA_GAME, { input: { gameId: this.gameId } }, this.as(TEST_REFEREE)))
      .startBolsaGame;
  }

  async plan(playerId: string, markers: readonly MarkerInput[], as: string = playerId): Promise<BolsaOutcome> {
    const input = { gameId: this.gameId, playerId, markers };
    return (await this.api.data<{ submitBolsaPlan: BolsaOutcome }>(SUBMIT_BOLSA_PLAN, { input }, this.as(as))).submitBolsaPlan;
  }

  async closePlanning(): Promise<BolsaOutcome> {
    return (await this.api.data<{ closeBolsaPlanning: BolsaOutcome }>(CLOSE_BOLSA_PLANNING, { input: { gameId: this.gameId } }, this.as(TEST_REFEREE)))
      .closeBolsaPlanning;
  }

  async choose(playerId: string, cardId: string): Promise<BolsaOutcome> {
    const input = { gameId: this.gameId, playerId, cardId };
    return (await this.api.data<{ chooseBolsaNewspaperCard: BolsaOutcome }>(CHOOSE_BOLSA_CARD, { input }, this.as(playerId))).chooseBolsaNewspaperCard;
  }

  async status(as?: string): Promise<{ phase: string; month: number; lastPosition: number; currentMonth: BolsaMonthView | null }> {
    const { bolsaGame } = await this.api.data<BolsaStatus>(BOLSA_STATUS, { id: this.gameId }, this.as(as));
    if (!bolsaGame) throw new Error(`BOLSA game ${this.gameId} not found`);
    return bolsaGame;
  }

  async legalActions(playerId: string): Promise<BolsaLegalActionView[]> {
    const result = await this.api.data<{ bolsaGame: { legalActions: BolsaLegalActionView[] } | null }>(
      BOLSA_LEGAL_ACTIONS,
      { id: this.gameId, playerId },
      this.as(playerId),
    );
    return result.bolsaGame?.legalActions ?? [];
  }

  /** Every event of the game as `as` may see it, read through the events connection. */
  async allEvents(as?: string, pageSize = 100): Promise<BolsaOutcomeEvent[]> {
    const events: BolsaOutcomeEvent[] = [];
    let after: string | null = null;
    for (;;) {
      const page: BolsaEventsPage = await this.api.data<BolsaEventsPage>(BOLSA_EVENTS_PAGE, { id: this.gameId, first: pageSize, after }, this.as(as));
      const connection = page.bolsaGame?.events;
      if (!connection) throw new Error(`BOLSA game ${this.gameId} not found`);
      events.push(...connection.edges.map((edge) => edge.node));
      if (!connection.pageInfo.hasNextPage) return events;
      after = connection.pageInfo.endCursor;
    }
  }

  async eventCount(): Promise<number> {
    return (await this.api.eventStore.readStream(streamIdFor(BOLSA_GAME, this.gameId))).length;
  }
}
