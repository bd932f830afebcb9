import { bolsaChecksumAt } from '../registry/boundary-checksums';
import { defineGame, playerIdOf } from '../registry/game-definition';
import { ruledBolsa } from '../rulings/ruled-games';
import { BOLSA_STREAM_PREFIX, bolsaProjection } from './bolsa-projection';
import { mayReadBolsaActionsOf, redactBolsaEvent } from './bolsa-secrecy';

/** BOLSA: secret plans, screens and newspaper hands; `ClosePlanning` belongs to the referee or the server's timer. */
export const BOLSA_GAME = defineGame({
  type: 'bolsa',
  title: 'BOLSA',
  streamPrefix: BOLSA_STREAM_PREFIX,
  decider: ruledBolsa,
  refereeCommands: ['CreateGame', 'StartGame', 'ClosePlanning'],
  actingPlayerOf: playerIdOf,
  redactEvent: redactBolsaEvent,
  mayReadActionsOf: mayReadBolsaActionsOf,
  projection: bolsaProjection,
  checksumAt: bolsaChecksumAt,
  // A plan is committed to when it is submitted, and checked against that commitment once revealed.
  committedValueOf: (event) => (event.type === 'PlanSubmitted' ? event.data.plan : undefined),
});
