/** What every snippet needs: where the server is, whose memory, and which key (or a placeholder for it). */
export interface SnippetContext {
  /** The server's origin as the browser reached it, e.g. `https://membolt.example.com`. */
  readonly origin: string;
  readonly userId: string;
  /** The key just created on the page, else a placeholder the developer replaces. */
  readonly apiKey: string;
}

export const API_KEY_PLACEHOLDER = 'YOUR_API_KEY';

export type SnippetId = 'curl' | 'sdk' | 'openai' | 'claude' | 'cursor' | 'vscode';

export interface Snippet {
  readonly id: SnippetId;
  readonly label: string;
  /** Where the text goes (a file name, a shell), shown above it. */
  readonly where: string;
  readonly text: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The REST API with curl: store a memory, then search for it. */
function curlSnippet({ origin, userId, apiKey }: SnippetContext): Snippet {
  const api = `${origin}/api/user/${userId}`;
  return {
    id: 'curl',
    label: 'curl',
    where: 'A shell',
    text: [
      `curl -s -X POST '${api}/memories' \\`,
      `  -H 'X-API-Key: ${apiKey}' -H 'Content-Type: application/json' \\`,
      `  -d '{"text": "I live in Lisbon and drink my coffee black."}'`,
      '',
      `curl -s '${api}/search?query=where%20do%20I%20live' -H 'X-API-Key: ${apiKey}'`,
    ].join('\n'),
  };
}

function sdkSnippet({ origin, userId, apiKey }: SnippetContext): Snippet {
  return {
    id: 'sdk',
    label: 'SDK',
    where: 'TypeScript or JavaScript (npm install membolt-sdk-0.1.0.tgz: the @membolt/sdk package)',
    text: [
      `import { MemboltClient } from '@membolt/sdk';`,
      '',
      `const client = new MemboltClient({`,
      `  apiKey: '${apiKey}',`,
      `  baseUrl: '${origin}/api',`,
      `  userId: '${userId}',`,
      `});`,
      `await client.initialize();`,
      `await client.learn({ messages: [{ role: 'user', content: 'I live in Lisbon.' }] });`,
      `const { results } = await client.searchMemories('where do I live?');`,
      `const answer = await client.chat({ message: 'Where do I live?' });`,
    ].join('\n'),
  };
}

function openAiSnippet({ origin, apiKey }: SnippetContext): Snippet {
  return {
    id: 'openai',
    label: 'OpenAI-compatible',
    where: `Any OpenAI client: base URL ${origin}/v1, your Membolt key as the key`,
    text: [
      `import OpenAI from 'openai';`,
      '',
      `const openai = new OpenAI({ baseURL: '${origin}/v1', apiKey: '${apiKey}' });`,
      `const completion = await openai.chat.completions.create({`,
      `  model: 'gpt-4.1-mini', // any id of GET /v1/models`,
      `  messages: [{ role: 'user', content: 'Where do I live?' }],`,
      `});`,
    ].join('\n'),
  };
}

/** Claude Desktop starts local commands only: `mcp-remote` bridges to the HTTP endpoint. */
function claudeSnippet({ origin, apiKey }: SnippetContext): Snippet {
  return {
    id: 'claude',
    label: 'Claude Desktop',
    where: 'claude_desktop_config.json',
    text: json({
      mcpServers: {
        membolt: {
          command: 'npx',
          args: ['-y', 'mcp-remote', `${origin}/mcp`, '--header', 'X-API-Key:${MEMBOLT_API_KEY}'],
          env: { MEMBOLT_API_KEY: apiKey },
        },
      },
    }),
  };
}

function cursorSnippet({ origin, apiKey }: SnippetContext): Snippet {
  return {
    id: 'cursor',
    label: 'Cursor',
    where: '.cursor/mcp.json (or ~/.cursor/mcp.json for every project)',
    text: json({
      mcpServers: { membolt: { url: `${origin}/mcp`, headers: { Authorization: `Bearer ${apiKey}` } } },
    }),
  };
}

/** VS Code asks for the key once and keeps it in its secret storage, so the key is never in the file. */
function vsCodeSnippet({ origin }: SnippetContext): Snippet {
  return {
    id: 'vscode',
    label: 'VS Code',
    where: '.vscode/mcp.json (VS Code asks for the key and keeps it in its secret storage)',
    text: json({
      inputs: [{ type: 'promptString', id: 'membolt-key', description: 'Membolt API key', password: true }],
      servers: {
        membolt: {
          type: 'http',
          url: `${origin}/mcp`,
          headers: { Authorization: 'Bearer ${input:membolt-key}' },
        },
      },
    }),
  };
}

/** The Quickstart page's snippets, in the order it shows them. */
export function quickstartSnippets(context: SnippetContext): {
  readonly api: readonly Snippet[];
  readonly mcp: readonly Snippet[];
} {
  return {
    api: [curlSnippet(context), sdkSnippet(context), openAiSnippet(context)],
    mcp: [claudeSnippet(context), cursorSnippet(context), vsCodeSnippet(context)],
  };
}
