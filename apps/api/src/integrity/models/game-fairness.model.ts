import { Field, ID, ObjectType } from '@nestjs/graphql';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('GameFairness', { description: "How a game's chance can be verified: the seed's commitment, and the seed once revealed." })
export class GameFairnessModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => String, { nullable: true, description: 'The scheme, "hmac-sha256-v1"; null for a game whose chance was not drawn from a committed seed.' })
  scheme!: string | null;

  @Field(() => String, { nullable: true, description: "SHA-256 (hex) of the game's secret seed, recorded in its first event." })
  commitment!: string | null;

  @Field(() => String, { nullable: true, description: 'The rules the game is pinned to (its type), from its first event.' })
  engineGame!: string | null;

  @Field(() => String, { nullable: true, description: 'The engine version the game is pinned to.' })
  engineVersion!: string | null;

  @Field(() => Boolean)
  seedRevealed!: boolean;

  @Field(() => String, { nullable: true, description: 'The seed (hex), once revealed: at the end of the game or by a referee.' })
  seed!: string | null;

  @Field(() => String, { nullable: true })
  revealReason!: string | null;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Position in the global log of the event that revealed the seed.' })
  revealedAtPosition!: number | null;

  @Field(() => [SeedEpochModel], {
    description: "The game's seeds in order: epoch 0 from its creation, one more after each early reveal (the rest of the game draws from a fresh seed).",
  })
  epochs!: SeedEpochModel[];

  @Field(() => [ValueCommitmentModel], { description: 'Commitments to hidden values (BOLSA plans), in stream order.' })
  commitments!: ValueCommitmentModel[];
}

@ObjectType('SeedEpoch', { description: 'One seed of a game: its commitment, and the seed once revealed.' })
export class SeedEpochModel {
  @Field(() => SafeIntScalar)
  epoch!: number;

  @Field(() => String, { nullable: true, description: 'SHA-256 (hex) of the seed: in the first event (epoch 0) or in the reveal of the epoch before.' })
  commitment!: string | null;

  @Field(() => String, { nullable: true })
  seed!: string | null;

  @Field(() => String, { nullable: true })
  revealReason!: string | null;

  @Field(() => SafeIntScalar, { nullable: true })
  revealedAtPosition!: number | null;
}

@ObjectType('ValueCommitment', {
  description: 'A commitment to a hidden value (a BOLSA plan), recorded when it was submitted: SHA-256 of the canonical JSON of { nonce, value }.',
})
export class ValueCommitmentModel {
  @Field(() => SafeIntScalar, { description: "The event's 0-based revision in the game's stream." })
  revision!: number;

  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => String, { description: 'The event holding the value, e.g. PlanSubmitted.' })
  eventType!: string;

  @Field(() => String, { description: '"sha256-canonical-json-v1".' })
  scheme!: string;

  @Field(() => String)
  hash!: string;

  @Field(() => String, { nullable: true, description: 'The nonce, once the value is shown to this viewer (e.g. after the month\'s reveal); null while it is hidden.' })
  nonce!: string | null;
}

@ObjectType('FairnessMismatch', { description: 'Something in the record of chance that does not check out.' })
export class FairnessMismatchModel {
  @Field(() => String, { description: 'ENGINE, COMMITMENT, DRAW, MISSING_COMMAND, OUTCOME, CHECKSUM or PLAN_COMMITMENT.' })
  kind!: string;

  @Field(() => SafeIntScalar, { description: "The event's 0-based revision in the game's stream." })
  revision!: number;

  @Field(() => SafeIntScalar, { description: "The event's position in the global log." })
  position!: number;

  @Field(() => String)
  message!: string;
}

@ObjectType('FairnessReport', { description: "The verifier's findings on a game: draws, outcomes, checksums and plan commitments." })
export class FairnessReportModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => Boolean, { description: 'True when nothing was found wrong.' })
  ok!: boolean;

  @Field(() => Boolean, { description: 'Whether every seed the game drew from is revealed (draws are recomputed from revealed seeds only).' })
  seedRevealed!: boolean;

  @Field(() => SafeIntScalar, { description: 'How many seeds (epochs) the game has had.' })
  epochs!: number;

  @Field(() => SafeIntScalar, { description: 'Draws whose seed is not revealed yet.' })
  drawsPending!: number;

  @Field(() => String, { nullable: true })
  commitment!: string | null;

  @Field(() => String, { nullable: true })
  engineVersion!: string | null;

  @Field(() => SafeIntScalar)
  drawsChecked!: number;

  @Field(() => SafeIntScalar, { description: 'Commands that drew chance, decided again with their draws and compared with the log.' })
  commandsReplayed!: number;

  @Field(() => SafeIntScalar)
  checksumsChecked!: number;

  @Field(() => SafeIntScalar)
  commitmentsChecked!: number;

  @Field(() => [FairnessMismatchModel])
  mismatches!: FairnessMismatchModel[];
}
