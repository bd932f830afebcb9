import { Field, ID, ObjectType } from '@nestjs/graphql';
import { Connection } from '../../common/pagination/connection.model';
import { JsonScalar } from '../../common/scalars/json.scalar';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('GameEvent', { description: 'One recorded event of a game, as stored in its stream.' })
export class GameEventModel {
  @Field(() => ID, { description: 'Unique id of the stored event.' })
  id!: string;

  @Field(() => ID)
  gameId!: string;

  @Field(() => SafeIntScalar, { description: 'Position in the global event log (increasing, not necessarily dense).' })
  position!: number;

  @Field(() => SafeIntScalar, { description: "0-based position in the game's stream." })
  revision!: number;

  @Field(() => String, { description: 'Event type, e.g. DiceRolled, SharesBought.' })
  type!: string;

  @Field(() => JsonScalar, { description: "The event's data as the engine recorded it (money in cents)." })
  data!: unknown;

  @Field(() => String, { description: 'When the command that caused it was handled (ISO-8601).' })
  occurredAt!: string;

  @Field(() => String, { description: 'When the store recorded it (ISO-8601).' })
  recordedAt!: string;

  @Field(() => String, { description: 'Who issued the command: a player id or "referee".' })
  actor!: string;

  @Field(() => String, { description: 'Id of the command that caused it; a retried command id takes effect once.' })
  commandId!: string;

  @Field(() => String, { description: "What caused it: the command id, or for a referee's correction the id of the disputed event it compensates." })
  causationId!: string;

  @Field(() => Boolean, { description: 'Whether a rewind voided this event: it stays in the log but no longer counts (docs/disputes.md).' })
  voided!: boolean;

  @Field(() => String, { nullable: true, description: 'The dispute whose rewind voided this event, if it is voided.' })
  voidedByDispute!: string | null;

  @Field(() => String, { nullable: true, description: 'For the events of a ruling (CorrectionApplied, EventsVoided, GameResultCorrected): the dispute ruled on.' })
  rulingOfDispute!: string | null;
}

@ObjectType('GameEventConnection')
export class GameEventConnection extends Connection(GameEventModel, 'GameEvent') {}
