import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { REPO_ROOT } from './source-files';

export const EVENTS_DOC = 'docs/events.md';

/** Each game's union of event types, where the engine declares it. */
export const EVENT_UNIONS = [
  { title: 'Stock Ticker', gameType: 'stock-ticker', file: 'libs/games/stock-ticker/src/types.ts', union: 'StockTickerEvent' },
  { title: 'Maxi Bourse', gameType: 'maxi-bourse', file: 'libs/games/maxi-bourse/src/types.ts', union: 'MaxiBourseEvent' },
  { title: 'BOLSA', gameType: 'bolsa', file: 'libs/games/bolsa/src/types.ts', union: 'BolsaEvent' },
  { title: 'Rulings', gameType: 'every game: a referee\'s remedy to a dispute', file: 'libs/rulings/src/remedies.ts', union: 'RulingEvent' },
] as const;

export interface EventField {
  readonly name: string;
  readonly type: string;
  readonly optional: boolean;
  readonly description: string;
}

export interface EventType {
  readonly type: string;
  readonly description: string;
  readonly fields: readonly EventField[];
}

export interface GameEvents {
  readonly title: string;
  readonly gameType: string;
  readonly source: string;
  readonly union: string;
  readonly events: readonly EventType[];
  /** Declarations of the named types the fields use, from the engine's own file, as written. */
  readonly namedTypes: readonly { readonly name: string; readonly text: string }[];
}

/** Reads every game's event types and their data from the engines' TypeScript types. */
export function eventCatalogue(): GameEvents[] {
  const { compilerOptions } = JSON.parse(readFileSync(join(REPO_ROOT, 'tsconfig.base.json'), 'utf8')) as { compilerOptions: Record<string, unknown> };
  const options = ts.convertCompilerOptionsFromJson({ ...compilerOptions, types: [] }, REPO_ROOT).options;
  const program = ts.createProgram(
    EVENT_UNIONS.map((entry) => join(REPO_ROOT, entry.file)),
    { ...options, baseUrl: REPO_ROOT, noEmit: true },
  );
  const checker = program.getTypeChecker();
  return EVENT_UNIONS.map((entry) => {
    const file = program.getSourceFile(join(REPO_ROOT, entry.file));
    if (!file) throw new Error(`Cannot read ${entry.file}`);
    const alias = file.statements.find((statement): statement is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(statement) && statement.name.text === entry.union);
    if (!alias || !ts.isUnionTypeNode(alias.type)) throw new Error(`${entry.file} declares no union ${entry.union}`);
    const members = alias.type.types;
    const events = members.map((member, index) => eventTypeOf(checker, file, member, index === 0 ? alias.type.getStart(file) : (members[index - 1] as ts.TypeNode).getEnd()));
    return { title: entry.title, gameType: entry.gameType, source: entry.file, union: entry.union, events, namedTypes: namedTypesOf(file, events) };
  });
}

function eventTypeOf(checker: ts.TypeChecker, file: ts.SourceFile, member: ts.TypeNode, after: number): EventType {
  const type = checker.getTypeFromTypeNode(member);
  const typeSymbol = type.getProperty('type');
  const dataSymbol = type.getProperty('data');
  if (!typeSymbol || !dataSymbol) throw new Error(`An event of ${file.fileName} has no type or data: ${member.getText()}`);
  const typeOfType = checker.getTypeOfSymbolAtLocation(typeSymbol, member);
  if (!typeOfType.isStringLiteral()) throw new Error(`An event type of ${file.fileName} is not a string literal: ${member.getText()}`);
  const data = checker.getTypeOfSymbolAtLocation(dataSymbol, member);
  const fields = checker.getPropertiesOfType(data).map((property) => ({
    name: property.getName(),
    type: checker.typeToString(checker.getTypeOfSymbolAtLocation(property, member), undefined, ts.TypeFormatFlags.NoTruncation).replace(/ \| undefined$/, ''),
    optional: (property.getFlags() & ts.SymbolFlags.Optional) !== 0,
    description: ts.displayPartsToString(property.getDocumentationComment(checker)).replace(/\s+/g, ' ').trim(),
  }));
  return { type: typeOfType.value, description: leadingDoc(file.text.slice(after, member.getStart(file))), fields };
}

/** The last `/** ... *\/` comment between the previous member of the union and this one. */
function leadingDoc(between: string): string {
  const docs = between.match(/\/\*\*[\s\S]*?\*\//g) ?? [];
  const last = docs[docs.length - 1];
  if (!last) return '';
  return last
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Type declarations of the file named by the fields, and those they name in turn. */
function namedTypesOf(file: ts.SourceFile, events: readonly EventType[]): { name: string; text: string }[] {
  const declarations = new Map<string, string>();
  for (const statement of file.statements) {
    if (ts.isTypeAliasDeclaration(statement) || ts.isInterfaceDeclaration(statement)) declarations.set(statement.name.text, statement.getText(file));
  }
  const wanted = new Set<string>();
  const visit = (text: string) => {
    for (const [name] of text.matchAll(/\b[A-Z][A-Za-z0-9]*\b/g)) {
      if (wanted.has(name) || !declarations.has(name)) continue;
      wanted.add(name);
      visit(declarations.get(name) ?? '');
    }
  };
  for (const event of events) for (const field of event.fields) visit(field.type);
  return [...wanted].sort().map((name) => ({ name, text: declarations.get(name) ?? '' }));
}

/** docs/events.md, whole. */
export function eventsDoc(games: readonly GameEvents[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  const out: string[] = [
    '# Events',
    '',
    '<!-- generated by `npm run catalogues` from the engines\' types: do not edit by hand -->',
    '',
    "Every game is a stream of events, each `{ type, data }` with metadata (command id, actor, time, hash link).",
    'This is every event type of each game with its data, read from the engines\' TypeScript types',
    '(`npm run catalogues` writes this file; `apps/api/src/contract/event-catalogue.unit.spec.ts` fails when it is stale).',
    'Amounts of money are integers, in the unit each engine\'s types state; the rulebooks\' gaps are in [`docs/rules/`](rules/).',
    'The GraphQL `events` field and `GET /games/:id/export.ndjson` serve these events, with what the reader may not see left out.',
    '',
  ];
  for (const game of games) {
    out.push(`## ${game.title}`, '', `\`${game.union}\` in \`${game.source}\` (${game.events.length} event types; game type \`${game.gameType}\`).`, '');
    for (const event of game.events) {
      out.push(`### ${game.title}: \`${event.type}\``, '');
      if (event.description) out.push(event.description, '');
      if (event.fields.length === 0) {
        out.push('No data.', '');
        continue;
      }
      out.push('| field | type | about |', '| --- | --- | --- |');
      for (const field of event.fields) out.push(`| \`${field.name}\`${field.optional ? ' (optional)' : ''} | \`${cell(field.type)}\` | ${cell(field.description)} |`);
      out.push('');
    }
    if (game.namedTypes.length > 0) {
      out.push(`### ${game.title}: types named above`, '', '```ts');
      for (const named of game.namedTypes) out.push(named.text);
      out.push('```', '');
    }
  }
  return `${out.join('\n').trimEnd()}\n`;
}
