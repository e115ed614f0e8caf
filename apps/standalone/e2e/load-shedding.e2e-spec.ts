import { afterAll, describe, expect, it, jest } from '@jest/globals';
import { startLoopbackLlmServer } from '@membolt/chat/testing';
import { SERVICE_BUSY_MESSAGE } from '@membolt/edge';
import { newApiUser, UNLIMITED_GATEWAY } from './support/memory-api.js';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(120_000);

// A model that never answers: a chat call on it holds its place at the edge for as long as the test wants.
const llm = await startLoopbackLlmServer('openai', () => ({ kind: 'hang' }));

async function until(probe: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The standalone product with room for one request at a time and no queue. */
describe('load shedding at the edge (standalone)', () => {
  const product = useStandalone('load-shedding', {
    ...UNLIMITED_GATEWAY,
    OPENAI_COMPATIBLE_BASE_URL: llm.baseUrl,
    OPENAI_COMPATIBLE_MODELS: 'loopback-llama',
    CHAT_DEFAULT_MODEL: 'loopback-llama',
    HTTP_MAX_IN_FLIGHT: '1',
    HTTP_MAX_QUEUED: '0',
  });
  afterAll(async () => {
    await llm.close();
  });

  it('answers 503 with Retry-After past the bound, while the probes and /api/status still answer', async () => {
    const alice = await newApiUser(product);
    const leave = new AbortController();
    const held = fetch(`${product.url}/api/chat`, {
      method: 'POST',
      headers: { 'X-API-Key': alice.key, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hold on', userId: alice.userId, history: [] }),
      signal: leave.signal,
    }).catch(() => null);
    await until(() => llm.requests.length === 1, 'the chat call at the model');

    const shed = await alice.call(`/api/user/${alice.userId}/memories`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.body).toEqual({ error: 'service_unavailable', message: SERVICE_BUSY_MESSAGE });

    const status = await fetch(`${product.url}/api/status`);
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'ok' });
    for (const probe of ['/livez', '/readyz'])
      expect([probe, (await fetch(`${product.url}${probe}`)).status]).toEqual([probe, 200]);

    // The client gives up: its place is free again.
    leave.abort();
    await held;
    await until(
      async () => (await alice.call(`/api/user/${alice.userId}/memories`)).status === 200,
      'the place to be given back',
    );
  });
});
