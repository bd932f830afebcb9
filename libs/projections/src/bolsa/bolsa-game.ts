import { bolsa } from '@corbeille/bolsa';
import { defineGame, playerIdOf } from '../registry/game-definition';
import { BOLSA_STREAM_PREFIX, bolsaProjection } from './bolsa-projection';
import { mayReadBolsaActionsOf, redactBolsaEvent } from './bolsa-secrecy';

/** BOLSA: secret plans, screens and newspaper hands; `ClosePlanning` belongs to the referee or the server's timer. */
export const BOLSA_GAME = defineGame({
  type: 'bolsa',
  title: 'BOLSA',
  streamPrefix: BOLSA_STREAM_PREFIX,
  decider: bolsa,
  refereeCommands: ['CreateGame', 'StartGame', 'ClosePlanning'],
  actingPlayerOf: playerIdOf,
  redactEvent: redactBolsaEvent,
  mayReadActionsOf: mayReadBolsaActionsOf,
  projection: bolsaProjection,
});
