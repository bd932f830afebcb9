import { maxiBourseChecksumAt } from '../registry/boundary-checksums';
import { defineGame, playerIdOf } from '../registry/game-definition';
import { ruledMaxiBourse, ruledMaxiBourseEngine1 } from '../rulings/ruled-games';
import { MAXI_BOURSE_STREAM_PREFIX, maxiBourseProjection } from './maxi-bourse-projection';
import { mayReadMaxiBourseActionsOf, redactMaxiBourseEvent } from './maxi-bourse-secrecy';

/** Maxi Bourse: secret Rumours cards and piles; the banker (referee) opens the session and may close it (V). */
export const MAXI_BOURSE_GAME = defineGame({
  type: 'maxi-bourse',
  title: 'Maxi Bourse',
  streamPrefix: MAXI_BOURSE_STREAM_PREFIX,
  decider: ruledMaxiBourse,
  // Version 2: the careless player pays the full 100,000 $ fine (III.8); version 1 capped it at cash on hand.
  engineVersion: '2',
  earlierEngines: { '1': ruledMaxiBourseEngine1 },
  refereeCommands: ['CreateGame', 'StartGame', 'CloseSession'],
  actingPlayerOf: playerIdOf,
  redactEvent: redactMaxiBourseEvent,
  mayReadActionsOf: mayReadMaxiBourseActionsOf,
  projection: maxiBourseProjection,
  checksumAt: maxiBourseChecksumAt,
});
