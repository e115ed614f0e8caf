import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseSpecialCategoryAnswer, SpecialCategoryAnswerError } from '@membolt/privacy';
import { resolveChatSettings } from '../chat.options.js';
import { createLlmProvider } from '../providers/llm-provider.factory.js';
import { type LoopbackLlmServer, startLoopbackLlmServer } from '../testing/loopback-llm-server.js';
import { ModelCatalogueService } from './model-catalogue.service.js';
import { SpecialCategoryClassifierService } from './special-category-classifier.service.js';

const SENTENCES = ['I live in Lyon', 'I have been seeing a counsellor since the burnout', 'We vote green'];
const FAST_POLICY = { timeoutMs: 30_000, maxRetries: 0, retryBaseMs: 1, maxBackoffMs: 1 };

describe('the special-category answer is read strictly', () => {
  it('reads one list per sentence, fenced or not, in the categories order', () => {
    expect(parseSpecialCategoryAnswer('{"sentences":[[],["health"],["politics","health"]]}', 3)).toEqual([
      [],
      ['health'],
      ['health', 'politics'],
    ]);
    expect(parseSpecialCategoryAnswer('```json\n{"sentences":[["religion"]]}\n```', 1)).toEqual([
      ['religion'],
    ]);
  });

  it('refuses prose, a wrong count, an unknown category and lists that are not lists', () => {
    for (const [answer, count] of [
      ['Sentence 2 is about health.', 1],
      ['Here it is: {"sentences":[[]]}', 1],
      ['{"sentences":[[],[]]}', 3],
      ['{"sentences":[["hobbies"]]}', 1],
      ['{"sentences":["health"]}', 1],
      ['{"categories":[[]]}', 1],
      ['[[]]', 1],
    ] as const)
      expect(() => parseSpecialCategoryAnswer(answer, count)).toThrow(SpecialCategoryAnswerError);
  });
});

describe('special categories by the default model (loopback OpenAI-compatible server)', () => {
  let server: LoopbackLlmServer;
  const classifierFor = (
    extraction: 'auto' | 'rules' = 'auto',
    providers = [{ provider: 'openai-compatible' as const, apiKey: 'k', baseUrl: server.baseUrl }],
    policy = FAST_POLICY,
  ) => {
    const settings = resolveChatSettings({
      // Never opened: the classifier stores nothing.
      store: { kind: 'embedded', dataDir: '/nonexistent' },
      providers,
      compatibleModels: ['local-model'],
      defaultModelId: 'local-model',
      extraction,
    });
    const catalogue = new ModelCatalogueService(settings, { resolve: () => Promise.resolve([]) });
    return new SpecialCategoryClassifierService(
      settings,
      (credentials) => createLlmProvider(credentials, policy),
      catalogue,
    );
  };

  beforeAll(async () => {
    server = await startLoopbackLlmServer('openai');
  });
  afterAll(() => server.close());

  it('sends the numbered sentences in JSON mode and answers the categories the model gave', async () => {
    server.respondWith(() => ({
      kind: 'stream',
      tokens: ['{"sentences":[[],', '["health"],["politics"]]}'],
    }));
    const before = server.requests.length;
    const answer = await classifierFor().classify('user-1', SENTENCES);
    expect(answer).toEqual({
      categories: [[], ['health'], ['politics']],
      model: 'local-model',
      unavailable: null,
    });
    const request = server.requests[before]!;
    expect(request.model).toBe('local-model');
    expect(request.wantsJson).toBe(true);
    expect(request.system).toContain('special categories');
    expect(request.messages[0]!.content).toContain('2. I have been seeing a counsellor since the burnout');
    expect((request.body['response_format'] as { type: string }).type).toBe('json_schema');
  });

  it('answers why not when the answer breaks the format, the provider fails or is too slow', async () => {
    server.respondWith(() => ({ kind: 'stream', tokens: ['{"sentences":[["health"]]}'] }));
    expect((await classifierFor().classify('user-1', SENTENCES)).unavailable).toMatch(
      /local-model: .*1 lists for 3 sentences/,
    );
    server.respondWith(() => ({ kind: 'error', status: 401, message: 'bad key' }));
    const refused = await classifierFor().classify('user-1', SENTENCES);
    expect(refused).toMatchObject({ categories: null, model: null });
    expect(refused.unavailable).toMatch(/^local-model: /);
    server.respondWith(() => ({ kind: 'hang' }));
    const slow = await classifierFor().classify('user-1', SENTENCES, 300);
    expect(slow).toEqual({
      categories: null,
      model: null,
      unavailable: 'local-model: no answer within 300 ms',
    });
  });

  it('asks no model when none is configured or background model use is off', async () => {
    const before = server.requests.length;
    expect((await classifierFor('auto', []).classify('user-1', SENTENCES)).unavailable).toBe(
      'no provider is configured for local-model',
    );
    expect((await classifierFor('rules').classify('user-1', SENTENCES)).unavailable).toMatch(
      /CHAT_EXTRACTION=rules/,
    );
    expect(server.requests.length).toBe(before);
  });
});
