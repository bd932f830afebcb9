import { Field, ID, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { Viewer } from '@corbeille/kernel';

export const ViewerKind = { PLAYER: 'player', REFEREE: 'referee', SPECTATOR: 'spectator' } as const satisfies Record<string, Viewer['kind']>;
export type ViewerKindValue = Viewer['kind'];

registerEnumType(ViewerKind, {
  name: 'ViewerKind',
  description: 'Who the requester is in a game, as the access policy says: what they may see follows from it.',
});

@ObjectType('Viewer', { description: 'Who the requester is in a game.' })
export class ViewerModel {
  @Field(() => ViewerKind)
  kind!: ViewerKindValue;

  @Field(() => ID, { nullable: true, description: "The requester's seat, for a player." })
  playerId!: string | null;
}

export function toViewerModel(viewer: Viewer): ViewerModel {
  return { kind: viewer.kind, playerId: viewer.kind === 'player' ? viewer.playerId : null };
}
