import { RuleViolation } from '@corbeille/kernel';
import { MAXI_BOURSE_GAME } from '../maxi-bourse/maxi-bourse-game';
import { STOCK_TICKER_GAME } from '../stock-ticker-game';
import { UnknownEngineVersionError } from './game-definition';
import { GAME_REGISTRY, pinnedDecider, pinnedEngineVersion } from './game-registry';

const pinned = (version: unknown) => ({ metadata: { commandId: 'c', actor: 'a', correlationId: 'c', causationId: 'c', occurredAt: '', engine: { game: 'stock-ticker', version } } });

describe('engine versions', () => {
  it('registers the current version of every game, and replays a game with the version its first event pins', () => {
    const current = Object.fromEntries(GAME_REGISTRY.map((game) => [game.type, game.engineVersion]));
    expect(current).toEqual({ 'stock-ticker': '1', bolsa: '1', 'maxi-bourse': '2' });
    for (const game of GAME_REGISTRY) expect(game.deciderFor(game.engineVersion)).toBe(game.decider);
    // Maxi Bourse 2 fines a careless player the full 100,000 $; games pinned to 1 keep being decided by 1.
    expect(MAXI_BOURSE_GAME.deciderFor('1')).not.toBe(MAXI_BOURSE_GAME.decider);
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
