import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUES_COMMAND } from './error-catalogue-doc';
import { eventCatalogue, eventsDoc, EVENTS_DOC } from './event-catalogue';
import { REPO_ROOT } from './source-files';

describe('the catalogue of event types (docs/events.md)', () => {
  const games = eventCatalogue();

  it("reads each game's event types and their data from the engines' types", () => {
    const byTitle = new Map(games.map((game) => [game.title, game]));
    const ticker = byTitle.get('Stock Ticker');
    expect(ticker?.events.find((event) => event.type === 'DiceRolled')).toMatchObject({
      description: 'Every face is recorded: replay never rolls again. Faces are 0-5 on each die.',
      fields: expect.arrayContaining([{ name: 'amount', type: '5 | 10 | 20', optional: false, description: '' }]),
    });
    expect(ticker?.namedTypes.map((named) => named.name)).toContain('Liquidation');
    expect(byTitle.get('BOLSA')?.events.map((event) => event.type)).toContain('PlanSubmitted');
    expect(byTitle.get('Maxi Bourse')?.events.length).toBeGreaterThan(20);
    expect(byTitle.get('Rulings')?.events.map((event) => event.type)).toEqual(['CorrectionApplied', 'EventsVoided']);
  });

  it('is up to date', () => {
    const committed = readFileSync(join(REPO_ROOT, EVENTS_DOC), 'utf8');
    if (committed !== eventsDoc(games)) throw new Error(`${EVENTS_DOC} is not what the engines' types say: run \`${CATALOGUES_COMMAND}\` and commit it`);
  });
});
