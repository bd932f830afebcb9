import { RuleViolation } from '@corbeille/kernel';
import { STOCK_TICKER_GAME } from '../stock-ticker-game';
import { UnknownEngineVersionError } from './game-definition';
import { GAME_REGISTRY, pinnedDecider, pinnedEngineVersion } from './game-registry';

const pinned = (version: unknown) => ({ metadata: { commandId: 'c', actor: 'a', correlationId: 'c', causationId: 'c', occurredAt: '', engine: { game: 'stock-ticker', version } } });

describe('engine versions', () => {
  it('registers version 1 of every game, and replays a game with the version its first event pins', () => {
    for (const game of GAME_REGISTRY) {
      expect(game.engineVersion).toBe('1');
      expect(game.deciderFor('1')).toBe(game.decider);
    }
    expect(pinnedEngineVersion(pinned('1'))).toBe('1');
    expect(pinnedDecider(STOCK_TICKER_GAME, pinned('1'))).toBe(STOCK_TICKER_GAME.decider);
    // A game recorded before pins is played with the current engine.
    expect(pinnedDecider(STOCK_TICKER_GAME, { metadata: { ...pinned('1').metadata, engine: undefined } })).toBe(STOCK_TICKER_GAME.decider);
  });

  it('refuses a version this build does not have, with a clear rule violation', () => {
    const attempt = () => pinnedDecider(STOCK_TICKER_GAME, pinned('7'));
    expect(attempt).toThrow(UnknownEngineVersionError);
    expect(attempt).toThrow(RuleViolation);
    expect(attempt).toThrow('This game was played with stock-ticker engine version 7, which this server does not have (it has 1)');
  });
});
