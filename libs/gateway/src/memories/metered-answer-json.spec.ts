import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MessagePattern } from '@nestjs/microservices';
import { BusController, BusPayload } from '@membolt/bus';
import {
  type ApiKeyValidationView,
  countTokensProcessed,
  KeysSubjects,
  type MemorySearchView,
  MemorySubjects,
  RecordUsageBatchRequest,
  SearchMemoriesRequest,
  type UsageBatchView,
  UsageSubjects,
  UsageTermsRequest,
  type UsageTermsView,
  ValidateApiKeyRequest,
} from '@membolt/contracts';
import { type GatewayOverStubs, startGatewayOverStubs } from '../testing/gateway-over-stubs.js';

const SECRET = `mblt_${'a'.repeat(32)}`;
const usageEvents: RecordUsageBatchRequest['events'][number][] = [];

/** The services a metered search reaches: the key check, billing's terms and usage, the memory search. */
@BusController()
class StubServices {
  @MessagePattern(KeysSubjects.validate.name)
  validate(@BusPayload(ValidateApiKeyRequest) request: ValidateApiKeyRequest): ApiKeyValidationView {
    return request.key === SECRET
      ? { valid: true, userId: 'alice', keyId: 'key-1', permissions: ['read', 'write'] }
      : { valid: false, reason: 'unknown' };
  }

  @MessagePattern(UsageSubjects.terms.name)
  terms(@BusPayload(UsageTermsRequest) _request: UsageTermsRequest): UsageTermsView {
    return {
      valid: true,
      reason: null,
      plan: 'enterprise',
      rateCents: 0,
      cappedKeyIds: [],
      centsPerMillionTokens: 1_000,
    };
  }

  @MessagePattern(UsageSubjects.recordBatch.name)
  record(@BusPayload(RecordUsageBatchRequest) request: RecordUsageBatchRequest): UsageBatchView {
    usageEvents.push(...request.events);
    return { applied: request.events.length };
  }

  @MessagePattern(MemorySubjects.search.name)
  search(@BusPayload(SearchMemoriesRequest) request: SearchMemoriesRequest): MemorySearchView {
    return { results: [], count: 0, query: request.query, strategy: 'exact' };
  }
}

/**
 * A metered REST answer is sent as the JSON its tokens were counted on (decision 046), made once by the meter
 * (decision 255; that the edge sends a made JSON is libs/edge's answer-json.spec.ts): its body, its type and
 * its X-Membolt-Tokens as before.
 */
describe('a metered REST answer', () => {
  let gateway: GatewayOverStubs;
  let url: string;

  beforeAll(async () => {
    gateway = await startGatewayOverStubs('gateway-metered-json', [StubServices]);
    url = gateway.url;
  });

  afterAll(async () => {
    await gateway?.close();
  });

  it('is sent as the JSON its tokens were counted on', async () => {
    const query = 'thé à Berlin 🫖';
    const response = await fetch(`${url}/api/user/alice/search?query=${encodeURIComponent(query)}`, {
      headers: { 'X-API-Key': SECRET },
    });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const answer: unknown = JSON.parse(text);
    expect(answer).toEqual({ results: [], formatted_results: '', count: 0 });
    // The count is decision 046's, over the UTF-8 bytes of the input and of the body sent.
    const input = { params: { userId: 'alice' }, query: { query } };
    expect(response.headers.get('x-membolt-tokens')).toBe(String(countTokensProcessed(input, answer)));
  });

  it('an error answer is serialized as before', async () => {
    const response = await fetch(`${url}/api/user/alice/search`, { headers: { 'X-API-Key': SECRET } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'validation_error', message: expect.any(String) });
  });
});
