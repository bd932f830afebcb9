import { evolve } from './evolve';
import { inPlay } from './state';
import type { InPlayState } from './state';
import type { BolsaEvent, BolsaState } from './types';

/**
 * Collects the events of one decision and folds each into the state as it is emitted, so every
 * later step decides on the state the earlier events produced (and replay gives the same state).
 */
export class EventRecorder {
  readonly events: BolsaEvent[] = [];

  constructor(private current: BolsaState) {}

  emit(...events: BolsaEvent[]): void {
    for (const event of events) {
      this.events.push(event);
      this.current = evolve(this.current, event);
    }
  }

  get state(): InPlayState {
    return inPlay(this.current);
  }
}
