import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freePort, startNatsServer, type TestNatsServer } from '@membolt/bus/testing';
import { GraphqlBrowser } from '@membolt/bff/testing';
import { readUserTurn, startLoopbackLlmServer, type LoopbackLlmServer } from '@membolt/chat/testing';
import { SERVICE_NAMES } from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { signUpWithApiKey } from './support/accounts.js';
import { type AppProcess, eventually, spawnApp } from './support/app-process.js';

const AUTH_TOKEN_SECRET = 'distributed-openai-secret-0123456789abcd';

/**
 * The OpenAI-compatible endpoint in distributed mode: the official `openai` client against the gateway process,
 * the chat service in its own process reaching a loopback OpenAI provider, every service over a real nats-server.
 */
describe('distributed mode: the OpenAI-compatible endpoint on the gateway', () => {
  let nats: TestNatsServer;
  let llm: LoopbackLlmServer;
  let dataDir: string;
  let gatewayUrl: string;
  let key: string;
  let userId: string;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    nats = await startNatsServer();
    llm = await startLoopbackLlmServer('openai', (request) => {
      const { memories, message } = readUserTurn(request.messages.at(-1)?.content ?? '');
      return { kind: 'stream', tokens: ['You asked: ', message, ` (${memories.length} memories)`] };
    });
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-distributed-openai-'));
    const serviceEnv = {
      NATS_URL: nats.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: '5000',
      AUTH_TOKEN_SECRET,
      OPENAI_API_KEY: 'sk-loopback',
      OPENAI_BASE_URL: llm.baseUrl,
      CHAT_EXTRACTION: 'rules',
    };
    await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        const proc = spawnApp(name, serviceEnv);
        processes.push(proc);
        await proc.waitForOutput(/listening on NATS/, 90_000);
      }),
    );
    const edgeEnv = { NATS_URL: nats.url, HOST: '127.0.0.1', LOG_LEVEL: 'info', BUS_TIMEOUT_MS: '5000' };
    const [gatewayPort, bffPort] = [await freePort(), await freePort()];
    const gateway = spawnApp('gateway', { ...edgeEnv, PORT: String(gatewayPort) });
    const bff = spawnApp('bff', { ...edgeEnv, PORT: String(bffPort), AUTH_TOKEN_SECRET });
    processes.push(gateway, bff);
    await Promise.all([
      gateway.waitForOutput(/gateway listening/, 90_000),
      bff.waitForOutput(/bff listening/, 90_000),
    ]);
    gatewayUrl = `http://127.0.0.1:${gatewayPort}`;

    const browser = new GraphqlBrowser(`http://127.0.0.1:${bffPort}`);
    ({ userId, key } = await signUpWithApiKey(
      browser,
      { email: 'openai@example.com', password: 'distributed pw 1', name: 'Ola' },
      'OpenAI client',
    ));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(processes.map((proc) => proc.stop()));
    await llm?.close();
    await nats?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers streamed and not, learns into the `user` field’s end user, and refuses a bad key', async () => {
    const client = new OpenAI({ baseURL: `${gatewayUrl}/v1`, apiKey: key, maxRetries: 0 });
    const first = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      user: 'ola',
      messages: [{ role: 'user', content: 'I live in Bergen.' }],
    });
    expect(first).toMatchObject({
      object: 'chat.completion',
      choices: [{ message: { role: 'assistant', content: 'You asked: I live in Bergen. (0 memories)' } }],
    });
    const learnt = async () => {
      const response = await fetch(`${gatewayUrl}/api/user/${userId}/memories?end_user_id=ola`, {
        headers: { 'X-API-Key': key },
      });
      const body = (await response.json()) as { memories?: Array<{ text: string }> };
      return (body.memories ?? []).map((memory) => memory.text);
    };
    await eventually(
      async () => (await learnt()).includes('User lives in Bergen.'),
      30_000,
      'the learnt fact',
    );

    const stream = await client.chat.completions.create({
      model: 'gpt-4.1-mini',
      user: 'ola',
      messages: [{ role: 'user', content: 'Where do I live?' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe('You asked: Where do I live? (1 memories)');
    expect(readUserTurn(llm.requests.at(-1)!.messages.at(-1)!.content).memories).toEqual([
      'User lives in Bergen.',
    ]);

    const refused = await new OpenAI({ baseURL: `${gatewayUrl}/v1`, apiKey: 'nope', maxRetries: 0 }).models
      .list()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
  });
});
