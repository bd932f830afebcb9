import { Inject, Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@corbeille/event-store';
import { asPlayerId, Forbidden, NotFound, RuleViolation, type Decider, type DomainCommand, type DomainEvent, type Viewer } from '@corbeille/kernel';
import { streamIdFor, type GameProgress, type GameSummary, type GameTypeName, type Page, type ProjectionEngine, type RegisteredGame } from '@corbeille/projections';
import { GAME_ACCESS_POLICY, type GameAccessPolicy, type GameRef, type Principal } from '../../access/access.port';
import type { ConnectionShape } from '../../common/pagination/connection.model';
import { InputValidationError } from '../../common/errors/input-validation.error';
import { PROJECTIONS } from '../../infrastructure/infrastructure.tokens';
import { GameStreamService } from './game-stream.service';
import { eventMatcher, eventPageRequest, type EventFilters, type EventPageArgs } from './event-filters';

/** A registered game that still knows the types of its state, view and actions. */
export interface ReadableGame<State, View, Action> extends RegisteredGame {
  readonly definition: { readonly decider: Pick<Decider<State, DomainCommand, DomainEvent, View, Action>, 'view' | 'legalActions'> };
}

/** A game found by id: which game it is, its stream, and how the access policy refers to it. */
export interface LocatedGame {
  readonly game: RegisteredGame;
  readonly ref: GameRef;
  readonly streamId: string;
  /** Whether the stream exists yet (false only for a game about to be created). */
  readonly exists: boolean;
}

/** A point of a stream to travel to: exactly one of a global position or a stream revision. */
export interface StreamPoint {
  readonly position?: number | null;
  readonly revision?: number | null;
}

export interface ViewedGame<View> {
  readonly located: LocatedGame;
  readonly viewer: Viewer;
  /** The engine's `view(state, viewer)`: all the principal may see of the state. */
  readonly view: View;
  /** The last event folded. */
  readonly last: RecordedEvent;
}

/** Lists are filtered before they are cut into pages: all the games of the list are read. */
const EVERY_GAME = 1_000_000_000;

/** What a game's first event records about where it belongs: its league, and the account that created it. */
interface GameOrigin {
  readonly league: string | null;
  readonly createdBy: string | null;
}

/** Turns recorded events into what one viewer may see of them. */
export type EventLens = (event: RecordedEvent) => RecordedEvent;

/**
 * The one way reads reach engine state: it locates the game, asks the access policy who the principal is
 * in it (`viewerFor`), and hands out only the engine's `view(state, viewer)`, the events as that viewer
 * may see them, and legal actions the game lets that viewer read. Queries, time travel, subscriptions and
 * mutation outcomes all go through here.
 */
@Injectable()
export class GameAccessService {
  /** A game's league and creator never change after creation, so they are read from the stream once. */
  private readonly origins = new Map<string, GameOrigin>();

  constructor(
    @Inject(GAME_ACCESS_POLICY) private readonly policy: GameAccessPolicy,
    @Inject(PROJECTIONS) private readonly projections: ProjectionEngine,
    private readonly streams: GameStreamService,
  ) {}

  /** Finds an existing game; NotFound when there is none with this id (of the expected type, if given). */
  async locate(gameId: string, expected?: RegisteredGame): Promise<LocatedGame> {
    const found = await this.streams.find(gameId);
    if (!found) throw gameNotFound(gameId, expected);
    if (expected && found.game.type !== expected.type) {
      throw new NotFound('GAME_NOT_FOUND', `There is no ${expected.title} game with id "${gameId}": it is a ${found.game.title} game`, {
        gameId,
        gameType: found.game.type,
      });
    }
    return this.located(found.game, gameId);
  }

  /** Like `locate`, but undefined when there is no such game. */
  async tryLocate(gameId: string, expected: RegisteredGame): Promise<LocatedGame | undefined> {
    const found = await this.streams.find(gameId);
    return found && found.game.type === expected.type ? this.located(found.game, gameId) : undefined;
  }

  /** Like `locate` for a game of any type, but undefined when there is none. */
  async tryLocateAny(gameId: string): Promise<LocatedGame | undefined> {
    const found = await this.streams.find(gameId);
    return found ? this.located(found.game, gameId) : undefined;
  }

  /** The game a create command addresses; an id already taken by another game type is refused. */
  async locateForCreation(game: RegisteredGame, gameId: string, league: string | null): Promise<LocatedGame> {
    const found = await this.streams.find(gameId);
    if (found && found.game.type !== game.type) {
      throw new RuleViolation('GAME_EXISTS', `The id "${gameId}" is already used by a ${found.game.title} game`, { gameId });
    }
    // A retried create finds its own game: the handler then answers with the events it recorded.
    if (found) return this.locate(gameId, game);
    return { game, ref: { gameType: game.type, gameId, league, createdBy: null, seatedPlayerIds: [] }, streamId: streamIdFor(game, gameId), exists: false };
  }

  /** Who the principal is in the game; Forbidden when the game is not theirs to see (e.g. a class's game). */
  viewerFor(principal: Principal, located: LocatedGame): Promise<Viewer> {
    return this.policy.viewerFor(principal, located.ref);
  }

  /** Finds a game the principal may see: NotFound without one, Forbidden when it is not theirs to see. */
  async locateReadable(principal: Principal, gameId: string, expected?: RegisteredGame): Promise<LocatedGame> {
    const located = await this.locate(gameId, expected);
    await this.viewerFor(principal, located);
    return located;
  }

  /**
   * A page of the games the principal may see, newest first: a list never mentions a game its reader may
   * not see (a class's game, a members-only league's), and its total counts only those they may.
   */
  async visibleGames(principal: Principal, options: { offset: number; limit: number; phase?: string; gameType?: GameTypeName }): Promise<Page<GameSummary>> {
    const all = this.projections.listGames({ ...options, offset: 0, limit: EVERY_GAME });
    const visible: GameSummary[] = [];
    for (const game of all.items) {
      if (await this.policy.mayRead(principal, { gameType: game.gameType, gameId: game.gameId, league: game.league })) visible.push(game);
    }
    return { items: visible.slice(options.offset, options.offset + options.limit), total: visible.length };
  }


  /**
   * The engine's view of the game now, or at a point of its stream (null when nothing is there yet).
   * With `viewAs`, a referee sees the game as that player could (what their screen showed); nobody else may.
   */
  async view<State, View, Action>(
    principal: Principal,
    gameId: string,
    game: ReadableGame<State, View, Action>,
    point?: StreamPoint,
    viewAs?: string | null,
  ): Promise<ViewedGame<View> | null> {
    const keep = point ? keepUpTo(point) : undefined;
    const located = await this.tryLocate(gameId, game);
    if (!located) return null;
    const own = await this.viewerFor(principal, located);
    if (viewAs !== undefined && viewAs !== null && own.kind !== 'referee') {
      throw new Forbidden('REFEREES_ONLY', "Only the game's referee may see it as one of its players", { gameId, viewAs });
    }
    const viewer: Viewer = viewAs !== undefined && viewAs !== null ? { kind: 'player', playerId: asPlayerId(viewAs), asSeenByReferee: true } : own;
    const { state, last } = await this.streams.foldState(game, gameId, keep);
    if (last === undefined) return null;
    // Sound: the stream was folded by this same game's decider.
    return { located, viewer, view: game.definition.decider.view(state as State, viewer), last };
  }

  /** What the player may do now, if the game lets this principal see it. */
  async legalActions<State, View, Action>(
    principal: Principal,
    gameId: string,
    game: ReadableGame<State, View, Action>,
    playerId: string,
  ): Promise<Action[]> {
    const located = await this.locate(gameId, game);
    const viewer = await this.viewerFor(principal, located);
    if (!game.mayReadActionsOf(viewer, playerId)) {
      throw new Forbidden('NOT_YOUR_SEAT', `Only ${playerId} may see what ${playerId} can do in this game`, { gameId, playerId });
    }
    const { state } = await this.streams.foldState(game, gameId);
    return game.definition.decider.legalActions(state as State, asPlayerId(playerId));
  }

  /** A page of the game's events as the principal may see them. */
  /** A page of the game's events as this principal sees them, filtered on that view (never on the stored events). */
  async eventsPage(principal: Principal, gameId: string, args: EventPageArgs & EventFilters, expected?: RegisteredGame): Promise<ConnectionShape<RecordedEvent>> {
    const request = eventPageRequest(args);
    const located = await this.locate(gameId, expected);
    const lens = await this.lensFor(principal, located);
    return this.streams.eventsPage(located.game, gameId, request, lens, eventMatcher(args));
  }

  /**
   * How this principal sees the game's events from now on. The viewer is fixed once (e.g. for a
   * subscription); what is secret is judged again for each event from the game's current progress.
   */
  async lensFor(principal: Principal, located: LocatedGame): Promise<EventLens> {
    const viewer = await this.viewerFor(principal, located);
    return this.lensForViewer(viewer, located);
  }

  lensForViewer(viewer: Viewer, located: LocatedGame): EventLens {
    const { game, ref } = located;
    return (event) => game.redactEvent(event, viewer, this.progressOf(ref.gameId));
  }

  private async located(game: RegisteredGame, gameId: string): Promise<LocatedGame> {
    const { league, createdBy } = await this.originOf(game, gameId);
    const seatedPlayerIds = this.projections.getGame(gameId)?.players.map((player) => player.playerId) ?? [];
    return { game, ref: { gameType: game.type, gameId, league, createdBy, seatedPlayerIds }, streamId: streamIdFor(game, gameId), exists: true };
  }

  private progressOf(gameId: string): GameProgress {
    const summary = this.projections.getGame(gameId);
    return summary ? { phase: summary.phase, round: summary.round } : { phase: 'uncreated', round: 0 };
  }

  private async originOf(game: RegisteredGame, gameId: string): Promise<GameOrigin> {
    const key = streamIdFor(game, gameId);
    const known = this.origins.get(key);
    if (known !== undefined) return known;
    const [first] = await this.streams.readEvents(game, gameId, 0, 1);
    const origin: GameOrigin = {
      league: typeof first?.metadata['league'] === 'string' ? first.metadata['league'] : null,
      createdBy: typeof first?.metadata['createdBy'] === 'string' ? first.metadata['createdBy'] : null,
    };
    if (first !== undefined) this.origins.set(key, origin);
    return origin;
  }
}

function gameNotFound(gameId: string, expected: RegisteredGame | undefined): NotFound {
  const what = expected ? `${expected.title} game` : 'game';
  return new NotFound('GAME_NOT_FOUND', `There is no ${what} with id "${gameId}"`, { gameId });
}

function keepUpTo(point: StreamPoint): (event: RecordedEvent) => boolean {
  const { position, revision } = point;
  const hasPosition = position !== undefined && position !== null;
  const hasRevision = revision !== undefined && revision !== null;
  if (hasPosition === hasRevision) {
    throw new InputValidationError([{ field: 'position', messages: ['give exactly one of position or revision'] }]);
  }
  return (event) => (hasPosition ? event.position <= position : event.revision <= (revision ?? -1));
}
