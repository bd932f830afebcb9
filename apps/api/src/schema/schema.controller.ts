import { Controller, Get, Header } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { schemaText } from './schema-text';

/**
 * `GET /schema.graphql`: the schema clients code against, as SDL. Served whatever the introspection
 * setting (Apollo turns introspection off with NODE_ENV=production); the text is the one
 * `npm run schema` writes to apps/api/schema.graphql.
 */
@Controller()
export class SchemaController {
  private text: string | undefined;

  constructor(private readonly modules: ModuleRef) {}

  @Get('schema.graphql')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'no-cache')
  schema(): string {
    // The schema is built once, at start-up.
    // The GraphQL module's host, found across modules (it is not exported to this one).
    this.text ??= schemaText(this.modules.get(GraphQLSchemaHost, { strict: false }).schema);
    return this.text;
  }
}
