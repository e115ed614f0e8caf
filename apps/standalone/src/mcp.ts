import { runMcpStdioBridge } from '@membolt/gateway/mcp-stdio';
import { loadMcpCommandConfig } from './cli/mcp-command.js';

/**
 * `membolt mcp`: an MCP server on stdin/stdout for a desktop client, relaying every message to the running
 * server's /mcp endpoint (decision 108). It needs no store and no bus, and stdout carries nothing but protocol.
 * An entry of its own, apart from the operator CLI, so that it starts quickly.
 */
const loaded = loadMcpCommandConfig(process.env);
if ('problems' in loaded) {
  process.stderr.write(
    `membolt mcp: invalid configuration:\n${loaded.problems.map((p) => `  - ${p}`).join('\n')}\n`,
  );
  process.exit(1);
}
await runMcpStdioBridge({
  url: loaded.config.MEMBOLT_URL,
  apiKey: loaded.config.MEMBOLT_API_KEY,
  stdin: process.stdin,
  stdout: process.stdout,
  log: (line) => process.stderr.write(`membolt mcp: ${line}\n`),
});
process.exit(0);
