import { API_KEY_PATTERN } from '@membolt/contracts';
import { ConfigError, loadConfig } from '@membolt/platform';
import { z } from 'zod';

/** The default port of `npm start` (PORT), where `membolt mcp` looks for the server unless told otherwise. */
export const DEFAULT_MEMBOLT_URL = 'http://localhost:3000';

const mcpCommandConfigSchema = z.object({
  MEMBOLT_API_KEY: z.string({ error: 'is required: the API key (mblt_…) the MCP tools act with' }),
  MEMBOLT_URL: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of a running Membolt server' })
    .default(DEFAULT_MEMBOLT_URL),
});
export type McpCommandConfig = z.infer<typeof mcpCommandConfigSchema>;

/** `membolt mcp`'s environment. A malformed key is refused here, without echoing it (it may be a real one). */
export function loadMcpCommandConfig(env: NodeJS.ProcessEnv): McpCommandConfig {
  const config = loadConfig(mcpCommandConfigSchema, env);
  if (!API_KEY_PATTERN.test(config.MEMBOLT_API_KEY))
    throw new ConfigError([
      'MEMBOLT_API_KEY: must be a Membolt API key (mblt_ followed by 32 letters and digits)',
    ]);
  return config;
}
