import { asTestPlayer, TEST_REFEREE } from '../../testing/test-access-policy';
import type { TestApp } from '../../testing/test-app';
import {
  MAXI_BOURSE_EVENTS_PAGE,
  MAXI_BOURSE_LEGAL_ACTIONS,
  MAXI_BOURSE_STATUS,
  mutationDocument,
  type EventsPage,
  type GameStatus,
  type LegalActionView,
  type MaxiBourseMutation,
  type MaxiBourseOutcome,
  type OutcomeEvent,
} from './maxi-bourse-operations';
import { MAXI_BOURSE_GAME, streamIdFor } from '@corbeille/projections';

/**
 * Plays Maxi Bourse moves over HTTP as a named requester (the test authenticator's header) and fails
 * loudly on any GraphQL error. Referee commands are sent as the referee.
 */
export class MaxiBourseDriver {
  constructor(
    private readonly api: TestApp,
    readonly gameId: string,
  ) {}

  private as(name: string | undefined): Record<string, string> {
    return name === undefined ? {} : asTestPlayer(name);
  }

  async send(mutation: MaxiBourseMutation, input: Readonly<Record<string, unknown>>, as?: string): Promise<MaxiBourseOutcome> {
    const data = await this.api.data<Record<string, MaxiBourseOutcome>>(mutationDocument(mutation), { input: { gameId: this.gameId, ...input } }, this.as(as));
    const outcome = data[mutation];
    if (!outcome) throw new Error(`no outcome for ${mutation}`);
    return outcome;
  }

  create(options: Readonly<Record<string, unknown>> = {}, extra: Readonly<Record<string, unknown>> = {}): Promise<MaxiBourseOutcome> {
    return this.send('createMaxiBourseGame', { options, ...extra }, TEST_REFEREE);
  }

  join(playerId: string, name = playerId.toUpperCase()): Promise<MaxiBourseOutcome> {
    return this.send('joinMaxiBourseGame', { playerId, name }, playerId);
  }

  start(): Promise<MaxiBourseOutcome> {
    return this.send('startMaxiBourseGame', {}, TEST_REFEREE);
  }

  /** A move of a player, sent as that player. */
  move(mutation: MaxiBourseMutation, playerId: string, input: Readonly<Record<string, unknown>> = {}): Promise<MaxiBourseOutcome> {
    return this.send(mutation, { playerId, ...input }, playerId);
  }

  async status(as?: string): Promise<GameStatus> {
    const { maxiBourseGame } = await this.api.data<{ maxiBourseGame: GameStatus | null }>(MAXI_BOURSE_STATUS, { id: this.gameId }, this.as(as));
    if (!maxiBourseGame) throw new Error(`Maxi Bourse game ${this.gameId} not found`);
    return maxiBourseGame;
  }

  async legalActions(playerId: string): Promise<LegalActionView[]> {
    const result = await this.api.data<{ maxiBourseGame: { legalActions: LegalActionView[] } | null }>(
      MAXI_BOURSE_LEGAL_ACTIONS,
      { id: this.gameId, playerId },
      this.as(playerId),
    );
    return result.maxiBourseGame?.legalActions ?? [];
  }

  /** Every event of the game as `as` may see it, read through the events connection. */
  async allEvents(as?: string, pageSize = 100): Promise<OutcomeEvent[]> {
    const events: OutcomeEvent[] = [];
    let after: string | null = null;
    for (;;) {
      const page: EventsPage = await this.api.data<EventsPage>(MAXI_BOURSE_EVENTS_PAGE, { id: this.gameId, first: pageSize, after }, this.as(as));
      const connection = page.maxiBourseGame?.events;
      if (!connection) throw new Error(`Maxi Bourse game ${this.gameId} not found`);
      events.push(...connection.edges.map((edge) => edge.node));
      if (!connection.pageInfo.hasNextPage) return events;
      after = connection.pageInfo.endCursor;
    }
  }

  async eventCount(): Promise<number> {
    return (await this.api.eventStore.readStream(streamIdFor(MAXI_BOURSE_GAME, this.gameId))).length;
  }
}
