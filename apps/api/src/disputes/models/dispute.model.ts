import { Field, ID, ObjectType } from '@nestjs/graphql';
import type { AdjustmentKind, DisputantRole, DisputeStatus, Remedy } from '@corbeille/rulings';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';
import { AdjustmentKindEnum, DisputantRoleEnum, DisputeStatusEnum, RemedyKindEnum, RulingOutcomeEnum } from './dispute-enums';

@ObjectType('DisputedEvent', { description: 'The event of the game a dispute names.' })
export class DisputedEventModel {
  @Field(() => SafeIntScalar, { description: "The event's revision in the game's stream (GameEvent.revision)." })
  revision!: number;

  @Field(() => SafeIntScalar, { description: 'Its position in the global log (GameEvent.position).' })
  position!: number;

  @Field(() => ID, { description: 'Its stored id (GameEvent.id): the causation id of a correction.' })
  eventId!: string;

  @Field(() => String)
  type!: string;
}

@ObjectType('Adjustment', { description: "One change of a correction, in the game's money unit (cents, euros or dollars) and shares." })
export class AdjustmentModel {
  @Field(() => AdjustmentKindEnum)
  kind!: AdjustmentKind;

  @Field(() => ID, { nullable: true, description: 'The player (CASH, HOLDING).' })
  playerId!: string | null;

  @Field(() => String, { nullable: true, description: 'The stock or company (HOLDING, PRICE).' })
  stock!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Amount added, may be negative (CASH, HOLDING).' })
  delta!: number | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'The new price (PRICE).' })
  to!: number | null;
}

@ObjectType('Remedy')
export class RemedyModel {
  @Field(() => RemedyKindEnum)
  kind!: Remedy['kind'];

  @Field(() => [AdjustmentModel], { description: 'The adjustments of a CORRECTION (empty for a REWIND).' })
  adjustments!: AdjustmentModel[];

  @Field(() => SafeIntScalar, { nullable: true, description: 'REWIND: the last revision kept; every event after it and before the rewind is voided.' })
  afterRevision!: number | null;
}

@ObjectType('DisputeRuling', { description: "The referee's ruling: final once recorded." })
export class DisputeRulingModel {
  @Field(() => RulingOutcomeEnum)
  outcome!: 'rejected' | 'upheld';

  @Field(() => String)
  reason!: string;

  @Field(() => ID, { description: 'The account that ruled.' })
  ruledBy!: string;

  @Field(() => String, { description: 'ISO-8601.' })
  ruledAt!: string;

  @Field(() => RemedyModel, { nullable: true, description: 'The remedy of an upheld dispute.' })
  remedy!: RemedyModel | null;

  @Field(() => [SafeIntScalar], { description: "The game stream's revisions the remedy wrote (CorrectionApplied / EventsVoided / GameResultCorrected)." })
  remedyRevisions!: number[];
}

@ObjectType('GameStateAt', { description: 'The game as it stood at a point of its stream, as the viewer may see it.' })
export class GameStateAtModel {
  @Field(() => SafeIntScalar, { nullable: true, description: 'The last event included (null: before the first event).' })
  revision!: number | null;

  @Field(() => SafeIntScalar, { nullable: true })
  position!: number | null;

  @Field(() => String, { nullable: true, description: 'Type of the last event included.' })
  eventType!: string | null;

  @Field(() => JsonScalar, { description: "The engine's view of the state for this viewer (money in the game's unit)." })
  state!: unknown;
}

@ObjectType('Dispute', { description: 'A claim about one event of a game, and the ruling on it (docs/disputes.md).' })
export class DisputeModel {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  gameId!: string;

  @Field(() => String, { description: 'stock-ticker, bolsa or maxi-bourse.' })
  gameType!: string;

  @Field(() => ID, { nullable: true, description: 'The league (or class) the game was created in.' })
  leagueId!: string | null;

  @Field(() => DisputedEventModel)
  disputedEvent!: DisputedEventModel;

  @Field(() => String)
  claim!: string;

  @Field(() => ID, { description: 'The account that opened it.' })
  openedBy!: string;

  @Field(() => DisputantRoleEnum)
  openedAs!: DisputantRole;

  @Field(() => ID, { nullable: true, description: 'The seat of the player who opened it (null when the referee did).' })
  playerId!: string | null;

  @Field(() => String, { description: 'ISO-8601.' })
  openedAt!: string;

  @Field(() => Boolean, { description: 'Whether the game takes no commands until the ruling (its dispute settings when it was opened).' })
  pausesGame!: boolean;

  @Field(() => DisputeStatusEnum)
  status!: DisputeStatus;

  @Field(() => DisputeRulingModel, { nullable: true })
  ruling!: DisputeRulingModel | null;
}

@ObjectType('CorrectedStanding', { description: "A player's place and final wealth in cents, as the league standings count them." })
export class StandingPreviewModel {
  @Field(() => ID)
  playerId!: string;

  @Field(() => SafeIntScalar)
  rank!: number;

  @Field(() => SafeIntScalar, { description: 'Cents.' })
  finalWealth!: number;
}

@ObjectType('RemedyPreview', { description: 'What a remedy would give, folded in memory: nothing is recorded.' })
export class RemedyPreviewModel {
  @Field(() => ID)
  disputeId!: string;

  @Field(() => ID)
  gameId!: string;

  @Field(() => RemedyModel)
  remedy!: RemedyModel;

  @Field(() => String, { description: "The game's phase after the remedy." })
  phase!: string;

  @Field(() => JsonScalar, { description: 'The referee\'s view of the state after the remedy.' })
  state!: unknown;

  @Field(() => JsonScalar, { description: "The referee's view of the state now, to compare." })
  currentState!: unknown;

  @Field(() => [StandingPreviewModel], { nullable: true, description: 'The final result after the remedy, when the game would be finished.' })
  standings!: StandingPreviewModel[] | null;

  @Field(() => [StandingPreviewModel], { nullable: true, description: 'The final result now, when the game is finished.' })
  currentStandings!: StandingPreviewModel[] | null;

  @Field(() => [SafeIntScalar], { description: 'The revisions a REWIND would void (empty for a correction).' })
  voidedRevisions!: number[];
}

@ObjectType('DisputeSettings', { description: "A game's dispute settings, set by its referee." })
export class DisputeSettingsModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => Boolean, { description: 'Whether opening a dispute pauses the game until the ruling (default false).' })
  pauseOnDispute!: boolean;
}
