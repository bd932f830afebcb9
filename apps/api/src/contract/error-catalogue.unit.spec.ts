import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode } from '../common/errors/error-codes';
import { errorCatalogue } from './error-catalogue';
import { CATALOGUES_COMMAND, DOMAIN_CODES_END, DOMAIN_CODES_START, domainCodesSection, ERRORS_DOC } from './error-catalogue-doc';
import { REPO_ROOT } from './source-files';

describe('the catalogue of error codes (docs/errors.md)', () => {
  const doc = readFileSync(join(REPO_ROOT, ERRORS_DOC), 'utf8');
  const catalogue = errorCatalogue();

  it('reads every domain code from the source', () => {
    expect(catalogue.unresolved).toEqual([]);
    const codes = new Map(catalogue.entries.map((entry) => [entry.domainCode, entry]));
    // A code of each way one is written: a literal, a caller's literal, a template of one, a table of codes.
    expect(codes.get('NOT_YOUR_TURN')).toMatchObject({ extensionsCodes: ['RULE_VIOLATION'], areas: ['maxi-bourse', 'stock-ticker'] });
    expect(codes.get('TOO_MANY_MARKERS')?.message).toBe('Step 4: each player has … markers; this plan uses …');
    expect(codes.get('SHARES_NOT_CONSERVED')?.areas).toEqual(['bolsa', 'maxi-bourse']);
    expect(codes.get('EMPTY_REASON')?.extensionsCodes).toEqual(['BAD_USER_INPUT']);
    expect(codes.get('CLAIM_TOO_LONG')?.message).toBe('The claim is at most … characters long');
    expect(codes.get('EMAIL_TAKEN')?.extensionsCodes).toEqual(['CONFLICT']);
    expect(codes.get('TOKEN_EXPIRED')?.extensionsCodes).toEqual(['UNAUTHENTICATED']);
  });

  it('lists every domain code in the source, as the source says it', () => {
    const generated = doc.slice(doc.indexOf(DOMAIN_CODES_START), doc.indexOf(DOMAIN_CODES_END) + DOMAIN_CODES_END.length);
    if (generated !== domainCodesSection(catalogue)) {
      throw new Error(`${ERRORS_DOC} does not list the domain codes the source throws: run \`${CATALOGUES_COMMAND}\` and commit it`);
    }
  });

  it('explains every extensions.code of the catalogue, and no other', () => {
    const table = doc.slice(doc.indexOf('## `extensions.code`'), doc.indexOf('## `domainCode`'));
    const documented = [...table.matchAll(/^\| `([A-Z_]+)` \| (.+?) \|/gm)].map(([, code, meaning]) => ({ code, meaning }));
    expect(documented.map((row) => row.code).sort()).toEqual(Object.values(ErrorCode).sort());
    for (const row of documented) expect(row.meaning?.trim().length).toBeGreaterThan(10);
  });
});
