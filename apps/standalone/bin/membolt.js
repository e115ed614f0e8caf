#!/usr/bin/env node
// `npx membolt …`: the operator CLI (apps/standalone/src/cli.ts), and `npx membolt mcp`, the MCP stdio server
// (apps/standalone/src/mcp.ts), compiled by `npm run build:server`.
import { existsSync } from 'node:fs';

const entry = new URL(process.argv[2] === 'mcp' ? '../dist/mcp.js' : '../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('membolt: not built yet. Run `npm run build:server` (or `npm start` once) first.\n');
  process.exit(1);
}
await import(entry.href);
