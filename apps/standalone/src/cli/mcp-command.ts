import { API_KEY_PATTERN } from '@membolt/contracts/rules';
import { z } from 'zod';

/** The default port of `npm start` (PORT), where `membolt mcp` looks for the server unless told otherwise. */
export const DEFAULT_MEMBOLT_URL = 'http://localhost:3000';

const mcpCommandConfigSchema = z.object({
  MEMBOLT_API_KEY: z
    .string({ error: 'is required: the API key (mblt_…) the MCP tools act with' })
    .regex(API_KEY_PATTERN, 'must be a Membolt API key (mblt_ followed by 32 letters and digits)'),
  MEMBOLT_URL: z
    .url({ protocol: /^https?$/, error: 'must be the http(s) URL of a running Membolt server' })
    .default(DEFAULT_MEMBOLT_URL),
});
export type McpCommandConfig = z.infer<typeof mcpCommandConfigSchema>;

/**
 * `membolt mcp`'s environment, or the problems with it. Values are never echoed: the key may be a real one.
 * (It reads only these two variables, without the platform's config loader: a desktop client starts this
 * process on demand, and the loader's imports would slow every start.)
 */
export function loadMcpCommandConfig(
  env: NodeJS.ProcessEnv,
): { config: McpCommandConfig } | { problems: string[] } {
  const result = mcpCommandConfigSchema.safeParse(env);
  if (result.success) return { config: result.data };
  return { problems: result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
}
