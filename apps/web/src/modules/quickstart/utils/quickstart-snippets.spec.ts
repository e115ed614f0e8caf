import { describe, expect, it } from '@jest/globals';
import { API_KEY_PLACEHOLDER, quickstartSnippets } from './quickstart-snippets';

const context = { origin: 'https://membolt.example.com', userId: 'u-1', apiKey: 'mblt_abc' };

describe('quickstartSnippets', () => {
  it('points every snippet at the server the browser reached, with the user and the key', () => {
    const { api, mcp } = quickstartSnippets(context);
    const byId = Object.fromEntries([...api, ...mcp].map((snippet) => [snippet.id, snippet.text]));
    expect(byId['curl']).toContain("'https://membolt.example.com/api/user/u-1/memories'");
    expect(byId['curl']).toContain('X-API-Key: mblt_abc');
    expect(byId['sdk']).toContain("baseUrl: 'https://membolt.example.com/api'");
    expect(byId['openai']).toContain("baseURL: 'https://membolt.example.com/v1'");
    expect(JSON.parse(byId['cursor']!)).toEqual({
      mcpServers: {
        membolt: { url: 'https://membolt.example.com/mcp', headers: { Authorization: 'Bearer mblt_abc' } },
      },
    });
    expect(JSON.parse(byId['claude']!).mcpServers.membolt.env).toEqual({ MEMBOLT_API_KEY: 'mblt_abc' });
  });

  it('never writes the key into VS Code’s file (it prompts for it)', () => {
    const vscode = quickstartSnippets(context).mcp.find((snippet) => snippet.id === 'vscode')!;
    expect(vscode.text).not.toContain('mblt_abc');
    expect(JSON.parse(vscode.text).servers.membolt.url).toBe('https://membolt.example.com/mcp');
  });

  it('keeps the placeholder when no key was created on the page', () => {
    const { api } = quickstartSnippets({ ...context, apiKey: API_KEY_PLACEHOLDER });
    expect(api[0]!.text).toContain(`X-API-Key: ${API_KEY_PLACEHOLDER}`);
  });
});
