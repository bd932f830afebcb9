import { describeSchemaChanges, schemaChanges } from './schema-changes';

const BASE = `
type Query {
  game(id: ID!): Game
}
type Game {
  id: ID!
  round: Int!
  phase: String! @deprecated(reason: "Use state")
}
`;

describe('schema changes between two schema files', () => {
  it('finds no change between identical files', async () => {
    const changes = await schemaChanges(BASE, BASE);
    expect([changes.breaking, changes.dangerous, changes.safe].flat()).toEqual([]);
  });

  it('calls a new field safe', async () => {
    const changes = await schemaChanges(BASE, BASE.replace('round: Int!', 'round: Int!\n  state: String'));
    expect(changes.breaking).toEqual([]);
    expect(changes.safe.map((change) => change.message)).toEqual(["Field 'state' was added to object type 'Game'"]);
  });

  it('calls the removal of a field nobody was warned about breaking', async () => {
    const changes = await schemaChanges(BASE, BASE.replace('  round: Int!\n', ''));
    expect(changes.breaking.map((change) => change.path)).toEqual(['Game.round']);
    expect(describeSchemaChanges(changes)[0]).toBe('Breaking (1):');
  });

  it('lets a deprecated field go without calling it breaking', async () => {
    const changes = await schemaChanges(BASE, BASE.replace(/ {2}phase: .*\n/, ''));
    expect(changes.breaking).toEqual([]);
    expect(changes.dangerous.map((change) => change.path)).toEqual(['Game.phase']);
  });

  it('calls a required argument added to a field breaking', async () => {
    const changes = await schemaChanges(BASE, BASE.replace('game(id: ID!): Game', 'game(id: ID!, at: Int!): Game'));
    expect(changes.breaking.map((change) => change.path)).toEqual(['Query.game.at']);
  });
});
