import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';

/** Where the schema file lives, relative to the repository root, and the command that rewrites it. */
export const SCHEMA_FILE = 'apps/api/schema.graphql';
export const SCHEMA_COMMAND = 'npm run schema';

/**
 * The schema as SDL, types and fields sorted by name, so the text depends only on what the schema is
 * (never on the order modules were loaded in) and a diff shows only real changes.
 */
export function schemaText(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
