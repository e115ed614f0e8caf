import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { MemboltError, PrivacyErrorCode } from '@membolt/contracts';
import { requestContext, TestClock } from '@membolt/platform';
import type { MemoryService } from '../memory.service.js';
import type { MemoryStore } from '../ports/memory-store.js';
import {
  createTestMemoryService,
  openTestMemoryStore,
  testPrivacyPolicy,
  type TestMemoryStore,
} from '../testing/memory-service.fixture.js';
import type { PrivacyPolicyService } from './privacy-policy.service.js';

const DIM = 64;
const USER = 'user-privacy';
const OTHER = 'user-other';
const SAMPLE = 'My SSN is 123-45-6789 and my card is 4111 1111 1111 1111.';

async function refusal(promise: Promise<unknown>): Promise<MemboltError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MemboltError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('write-time privacy policy in the memory service (embedded store)', () => {
  let opened: TestMemoryStore;
  let store: MemoryStore;
  let privacy: PrivacyPolicyService;
  let memory: MemoryService;

  beforeEach(() => {
    opened = openTestMemoryStore('privacy', DIM);
    store = opened.store;
    const clock = new TestClock(Date.UTC(2026, 0, 10));
    privacy = testPrivacyPolicy(store, clock);
    memory = createTestMemoryService({
      store,
      linker: opened.linker,
      clock,
      dimension: DIM,
      privacy,
      settings: { conceptSettleMs: 1 },
    });
  });

  afterEach(async () => {
    await opened.close();
  });

  /** Every text, metadata and version the store holds for the user, as one string. */
  const everythingStored = async (userId: string) => {
    const { memories } = await memory.list(userId, { limit: 100, offset: 0, sort: 'recent' });
    const histories = await Promise.all(memories.map((m) => memory.history(userId, { memoryId: m.id })));
    return JSON.stringify([memories, histories]);
  };

  it('redacts by the default policy, records the kinds on the memory and counts them', async () => {
    const { memory: stored } = await memory.add(USER, { text: SAMPLE });
    expect(stored.text).toBe('My SSN is [national id] and my card is [card number].');
    expect(stored.redactions).toEqual(['card_number', 'national_id']);
    expect((await memory.get(USER, { memoryId: stored.id })).redactions).toEqual([
      'card_number',
      'national_id',
    ]);
    expect(await everythingStored(USER)).not.toMatch(/6789|1111/);
    const state = await privacy.state(USER);
    expect(state.redactionCounts).toMatchObject({ card_number: 1, national_id: 1, email: 0 });
  });

  it('refuses a batch holding a refused kind, naming the kinds, and stores nothing of it', async () => {
    await privacy.updateAccount(USER, { email: 'refuse', phone: 'refuse' });
    const error = await refusal(
      memory.addBatch(USER, {
        memories: [{ text: 'I like tea' }, { text: 'mail me at bob@example.com or call (212) 555-0123' }],
      }),
    );
    expect(error.code).toBe(PrivacyErrorCode.SensitiveDataRefused);
    expect(error.message).toBe('The privacy policy refuses to store this: it holds email, phone.');
    expect((await memory.list(USER, { limit: 10, offset: 0, sort: 'recent' })).memories).toEqual([]);
  });

  it('allows what the policy allows, stored as said', async () => {
    await privacy.updateAccount(USER, { card_number: 'allow', national_id: 'allow' });
    const { memory: stored } = await memory.add(USER, { text: SAMPLE });
    expect(stored.text).toBe(SAMPLE);
    expect(stored.redactions).toEqual([]);
  });

  it("redacts a fact's metadata value along with its text", async () => {
    await privacy.updateAccount(USER, { phone: 'redact' });
    const { memory: stored } = await memory.add(USER, {
      text: "User's phone number is 2125550123.",
      metadata: { subject: 'phone', value: '2125550123' },
    });
    expect(stored.text).toBe("User's phone number is [phone number].");
    expect(stored.metadata).toMatchObject({ subject: 'phone', value: '[phone number]' });
    expect(await everythingStored(USER)).not.toContain('2125550123');
  });

  it('screens updates: a new text brings its own redactions, and a refusal changes nothing', async () => {
    const { memory: stored } = await memory.add(USER, { text: 'I like tea' });
    const updated = await memory.update(USER, { memoryId: stored.id, text: 'card 4111-1111-1111-1111' });
    expect(updated.text).toBe('card [card number]');
    expect(updated.redactions).toEqual(['card_number']);
    await privacy.updateAccount(USER, { email: 'refuse' });
    const error = await refusal(memory.update(USER, { memoryId: stored.id, text: 'bob@example.com' }));
    expect(error.code).toBe(PrivacyErrorCode.SensitiveDataRefused);
    expect((await memory.get(USER, { memoryId: stored.id })).text).toBe('card [card number]');
    expect(await everythingStored(USER)).not.toMatch(/4111|bob@/);
  });

  it('imports screened lines and keeps the kinds redacted before the line was queued', async () => {
    const result = await memory.import(
      USER,
      {
        memories: [
          { id: 'line-1', text: 'key sk-proj-abcdEFGH1234ijklMNOP5678qrst' },
          { id: 'line-2', text: 'x [e-mail address]' },
        ],
      },
      [[], ['email']],
    );
    expect(result.imported).toBe(2);
    const { memories } = await memory.list(USER, { limit: 10, offset: 0, sort: 'oldest' });
    expect(memories.map((m) => [m.text, m.redactions])).toEqual([
      ['key [secret]', ['secret']],
      ['x [e-mail address]', ['email']],
    ]);
  });

  it('does not scan lines again under the policy they were screened under, and does once it changed', async () => {
    const queuedUnder = await privacy.actingPolicy(USER);
    // Text as only a run of the durable job sees it: already screened when its part was queued. A card left in
    // it shows whether the run scanned it again.
    const line = (id: string) => ({ id, text: `${id} card 4111 1111 1111 1111` });
    await memory.import(USER, { memories: [line('same-policy')] }, [[]], queuedUnder);
    await privacy.updateAccount(USER, { email: 'redact' });
    await memory.import(USER, { memories: [line('changed-policy')] }, [[]], queuedUnder);
    const { memories } = await memory.list(USER, { limit: 10, offset: 0, sort: 'oldest' });
    expect(memories.map((m) => [m.text, m.redactions])).toEqual([
      ['same-policy card 4111 1111 1111 1111', []],
      ['changed-policy card [card number]', ['card_number']],
    ]);
  });

  it('follows the overrides of the key the call came with, and only that key', async () => {
    await privacy.updateKeyOverride(USER, 'key-lenient', { card_number: 'allow' });
    await privacy.updateKeyOverride(USER, 'key-strict', { card_number: 'refuse' });
    const asKey = <T>(apiKeyId: string, work: () => Promise<T>) =>
      requestContext.run({ correlationId: 'corr-privacy-0001', userId: USER, apiKeyId }, work);

    const lenient = await asKey('key-lenient', () => memory.add(USER, { text: 'card 4111 1111 1111 1111' }));
    expect(lenient.memory.text).toBe('card 4111 1111 1111 1111');
    const strict = await refusal(
      asKey('key-strict', () => memory.add(USER, { text: 'card 5555 5555 5555 4444' })),
    );
    expect(strict.code).toBe(PrivacyErrorCode.SensitiveDataRefused);
    const other = await asKey('key-unknown', () => memory.add(USER, { text: 'card 5555 5555 5555 4444' }));
    expect(other.memory.text).toBe('card [card number]');

    expect((await privacy.state(USER)).keyOverrides.map((o) => o.keyId)).toEqual([
      'key-lenient',
      'key-strict',
    ]);
    await privacy.updateKeyOverride(USER, 'key-strict', {});
    expect((await privacy.state(USER)).keyOverrides.map((o) => o.keyId)).toEqual(['key-lenient']);
  });

  it("keeps each account's policy to itself and removes it with the account", async () => {
    await privacy.updateAccount(USER, { email: 'refuse' });
    expect((await privacy.state(OTHER)).policy.email).toBe('allow');
    const { memory: stored } = await memory.add(OTHER, { text: 'bob@example.com' });
    expect(stored.text).toBe('bob@example.com');
    const removed = await memory.deleteUserData(USER);
    expect(removed['privacyPolicyRecords']).toBe(1);
    expect((await privacy.state(USER)).policy.email).toBe('allow');
  });
});
