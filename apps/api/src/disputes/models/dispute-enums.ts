import { registerEnumType } from '@nestjs/graphql';
import type { AdjustmentKind, DisputantRole, DisputeStatus, Remedy } from '@corbeille/rulings';

export const DisputeStatusEnum = { OPEN: 'open', REJECTED: 'rejected', UPHELD: 'upheld' } as const satisfies Record<string, DisputeStatus>;
registerEnumType(DisputeStatusEnum, { name: 'DisputeStatus', description: 'OPEN until the referee rules; then REJECTED or UPHELD, for good.' });

export const DisputantRoleEnum = { PLAYER: 'player', REFEREE: 'referee' } as const satisfies Record<string, DisputantRole>;
registerEnumType(DisputantRoleEnum, { name: 'DisputantRole', description: 'Who opened the dispute: a seated player, or the game\'s referee (organiser, teacher).' });

export const RulingDecisionEnum = { REJECT: 'reject', UPHOLD: 'uphold' } as const;
export type RulingDecision = (typeof RulingDecisionEnum)[keyof typeof RulingDecisionEnum];
registerEnumType(RulingDecisionEnum, { name: 'RulingDecision', description: 'REJECT (with a reason) or UPHOLD (with a reason and a remedy).' });

export const RulingOutcomeEnum = { REJECTED: 'rejected', UPHELD: 'upheld' } as const;
registerEnumType(RulingOutcomeEnum, { name: 'RulingOutcome' });

export const RemedyKindEnum = { CORRECTION: 'correction', REWIND: 'rewind' } as const satisfies Record<string, Remedy['kind']>;
registerEnumType(RemedyKindEnum, {
  name: 'RemedyKind',
  description: 'CORRECTION: compensating adjustments of cash, holdings or prices. REWIND: the events after a revision are voided.',
});

export const AdjustmentKindEnum = { CASH: 'cash', HOLDING: 'holding', PRICE: 'price' } as const satisfies Record<string, AdjustmentKind>;
registerEnumType(AdjustmentKindEnum, {
  name: 'AdjustmentKind',
  description: "CASH: add `delta` to a player's cash. HOLDING: add `delta` shares of `stock` to a player. PRICE: set `stock`'s price to `to`.",
});
