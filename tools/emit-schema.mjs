// Builds the BFF's GraphQL schema from its resolvers (no infrastructure booted) and writes it, sorted, to
// schema.graphql. With --check it fails instead when the committed file is stale.
import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { GraphQLSchemaBuilderModule, GraphQLSchemaFactory } from '@nestjs/graphql';
import { BFF_RESOLVERS } from '@membolt/bff';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../schema.graphql', import.meta.url));

const app = await NestFactory.create(GraphQLSchemaBuilderModule, { logger: false });
await app.init();
const schema = await app.get(GraphQLSchemaFactory).create([...BFF_RESOLVERS]);
await app.close();
const text = `# Generated from the BFF resolvers by \`npm run schema:emit\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;

if (process.argv.includes('--check')) {
  const committed = await readFile(target, 'utf8').catch(() => '');
  if (committed !== text) {
    console.error('schema.graphql is stale: run `npm run schema:emit` and commit the result.');
    process.exit(1);
  }
  console.log('schema.graphql is up to date.');
} else {
  await writeFile(target, text);
  console.log(`Wrote ${target}`);
}
