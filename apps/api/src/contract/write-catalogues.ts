import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { errorCatalogue } from './error-catalogue';
import { domainCodesSection, ERRORS_DOC, withDomainCodes } from './error-catalogue-doc';
import { eventCatalogue, eventsDoc, EVENTS_DOC } from './event-catalogue';
import { REPO_ROOT } from './source-files';

/**
 * `npm run catalogues`: rewrites the generated parts of docs/errors.md (every domain code in the
 * source) and docs/events.md (every game's event types, from the engines' types).
 */
function main(): void {
  const catalogue = errorCatalogue();
  if (catalogue.unresolved.length > 0) {
    console.error(`Domain codes that cannot be read from the source (give them a literal code):\n  ${catalogue.unresolved.join('\n  ')}`);
    process.exitCode = 1;
    return;
  }
  const errorsPath = join(REPO_ROOT, ERRORS_DOC);
  writeFileSync(errorsPath, withDomainCodes(readFileSync(errorsPath, 'utf8'), domainCodesSection(catalogue)));
  console.log(`Wrote ${ERRORS_DOC} (${catalogue.entries.length} domain codes).`);
  const games = eventCatalogue();
  writeFileSync(join(REPO_ROOT, EVENTS_DOC), eventsDoc(games));
  console.log(`Wrote ${EVENTS_DOC} (${games.map((game) => `${game.title} ${game.events.length}`).join(', ')} event types).`);
}

main();
