import { Field, ID, ObjectType } from '@nestjs/graphql';
import { SafeIntScalar } from '../../common/scalars/safe-int.scalar';

@ObjectType('GameFairness', { description: "How a game's chance can be verified: the seed's commitment, and the seed once revealed." })
export class GameFairnessModel {
  @Field(() => ID)
  gameId!: string;

  @Field(() => String, { nullable: true, description: 'The scheme, "hmac-sha256-v1"; null for a game whose chance was not drawn from a committed seed.' })
  scheme!: string | null;

  @Field(() => String, { nullable: true, description: "v2: the root of batch 0 of the game's sub-seeds; v1: SHA-256 (hex) of the game's secret seed. Recorded in its first event." })
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

  @Field(() => [BatchRootModel], { description: 'hmac-sha256-v2: the Merkle roots committing to the sub-seeds of each batch of 16 revisions.' })
  batchRoots!: BatchRootModel[];

  @Field(() => [ChanceUnitModel], {
    description:
      'hmac-sha256-v2: every unit of chance (a command\'s public draws, or one shuffled pile) with its leaf and Merkle path; its sub-seed and draws only to a viewer who may know its outcome.',
  })
  units!: ChanceUnitModel[];
}

@ObjectType('BatchRoot', { description: 'The Merkle root of a batch of sub-seeds, and the revision of the event that recorded it.' })
export class BatchRootModel {
  @Field(() => SafeIntScalar)
  batch!: number;

  @Field(() => String)
  root!: string;

  @Field(() => SafeIntScalar)
  revision!: number;
}

@ObjectType('ChanceDraw', { description: 'One draw of a unit: a uniform integer in [min, max] derived from the unit\'s sub-seed and the counter `index`.' })
export class ChanceDrawModel {
  @Field(() => String)
  index!: string;

  @Field(() => SafeIntScalar)
  min!: number;

  @Field(() => SafeIntScalar)
  max!: number;

  @Field(() => SafeIntScalar, { nullable: true, description: 'Null while the outcome is hidden from this viewer.' })
  value!: number | null;
}

@ObjectType('ChancePosition', { description: 'One position of a shuffled pile: its commitment, and its card and nonce to a viewer who may see that card.' })
export class ChancePositionModel {
  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => String, { description: 'SHA-256 of the canonical JSON of { nonce, value }.' })
  hash!: string;

  @Field(() => String, { nullable: true, description: 'The card (its id), when shown to this viewer.' })
  value!: string | null;

  @Field(() => String, { nullable: true })
  nonce!: string | null;
}

@ObjectType('ChanceUnit', { description: 'One unit of chance of a game (hmac-sha256-v2), as this viewer may see it.' })
export class ChanceUnitModel {
  @Field(() => SafeIntScalar, { description: 'The revision of the first event of the command that drew it.' })
  revision!: number;

  @Field(() => SafeIntScalar)
  position!: number;

  @Field(() => SafeIntScalar)
  unit!: number;

  @Field(() => SafeIntScalar)
  batch!: number;

  @Field(() => Boolean, { description: 'A shuffled pile, whose order is hidden information.' })
  concealed!: boolean;

  @Field(() => String, { description: 'SHA-256 of 0x00 and the sub-seed.' })
  leaf!: string;

  @Field(() => [String], { description: 'Sibling hashes from the leaf up to the batch root.' })
  path!: string[];

  @Field(() => String, { nullable: true, description: 'The sub-seed, when this viewer may know the outcome; null otherwise.' })
  seed!: string | null;

  @Field(() => [ChanceDrawModel])
  draws!: ChanceDrawModel[];

  @Field(() => [ChancePositionModel])
  positions!: ChancePositionModel[];
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
