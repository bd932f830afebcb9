import { CriticalityLevel, diff, DiffRule, type Change } from '@graphql-inspector/core';
import { buildSchema } from 'graphql';

export interface SchemaChanges {
  readonly breaking: readonly Change[];
  readonly dangerous: readonly Change[];
  readonly safe: readonly Change[];
}

/**
 * What changed for clients between two versions of the schema file. Removing a field that the older
 * schema had already deprecated counts as dangerous, not breaking: the deprecation was the notice.
 */
export async function schemaChanges(before: string, after: string): Promise<SchemaChanges> {
  const changes = await diff(buildSchema(before), buildSchema(after), [DiffRule.suppressRemovalOfDeprecatedField]);
  const of = (level: CriticalityLevel) => changes.filter((change) => change.criticality.level === level);
  return { breaking: of(CriticalityLevel.Breaking), dangerous: of(CriticalityLevel.Dangerous), safe: of(CriticalityLevel.NonBreaking) };
}

/** One line per change, grouped by criticality, for the CI log. */
export function describeSchemaChanges(changes: SchemaChanges): string[] {
  const lines: string[] = [];
  const section = (title: string, list: readonly Change[]) => {
    if (list.length === 0) return;
    lines.push(`${title} (${list.length}):`);
    for (const change of list) lines.push(`  - ${change.message}${change.criticality.reason ? ` (${change.criticality.reason})` : ''}`);
  };
  section('Breaking', changes.breaking);
  section('Dangerous', changes.dangerous);
  section('Safe', changes.safe);
  return lines;
}
