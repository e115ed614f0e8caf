import { describe, expect, it } from '@jest/globals';
import { MemboltError } from '../common/membolt-error.js';
import { validatePayload } from '../common/validate-payload.js';
import { MEMORY_SCOPE_ID_MAX_LENGTH, MemoryMessages } from '../rules/memory.rules.js';
import {
  CreateMemoryBatchRequest,
  CreateMemoryRequest,
  ImportPartRequest,
  MemoryIdRequest,
  MemoryScopeFields,
} from './memory.requests.js';

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    if (error instanceof MemboltError) return error.message;
    throw error;
  }
  throw new Error('expected a validation error');
}

const tooLongScopeId = 'x'.repeat(MEMORY_SCOPE_ID_MAX_LENGTH + 1);

describe('memory requests', () => {
  it('a create request carries both its content rules and the scope rules of the mixin', () => {
    const request = validatePayload(CreateMemoryRequest, {
      text: ' hello ',
      endUserId: 'eu-1',
      agentId: 'a',
    });
    expect(request).toMatchObject({ text: 'hello', endUserId: 'eu-1', agentId: 'a' });
    expect(messageOf(() => validatePayload(CreateMemoryRequest, { text: '' }))).toContain(
      MemoryMessages.textRequired,
    );
    expect(
      messageOf(() => validatePayload(CreateMemoryRequest, { text: 'x', endUserId: tooLongScopeId })),
    ).toMatch(/endUserId/);
    // The shape of a category is checked here; whether the account has a custom one is the memory service's.
    expect(
      messageOf(() => validatePayload(CreateMemoryRequest, { text: 'x', category: 'Hobby!' })),
    ).toContain(MemoryMessages.categoryFormat);
    expect(validatePayload(CreateMemoryRequest, { text: 'x', category: 'hobby' })).toMatchObject({
      category: 'hobby',
    });
  });

  it('scope-only requests check every scope field', () => {
    expect(messageOf(() => validatePayload(MemoryScopeFields, { runId: tooLongScopeId }))).toMatch(/runId/);
    expect(messageOf(() => validatePayload(MemoryIdRequest, { memoryId: 'm1', agentId: 42 }))).toMatch(
      /agentId/,
    );
    expect(validatePayload(MemoryIdRequest, { memoryId: 'm1' })).toMatchObject({ memoryId: 'm1' });
  });

  it('batch items take the content rules, not a scope of their own', () => {
    expect(
      messageOf(() =>
        validatePayload(CreateMemoryBatchRequest, {
          memories: [{ text: 'ok' }, { text: 'x', importance: 2 }],
        }),
      ),
    ).toContain(MemoryMessages.importanceRange);
    expect(
      messageOf(() =>
        validatePayload(CreateMemoryBatchRequest, { memories: [{ text: 'ok', endUserId: 'eu-2' }] }),
      ),
    ).toMatch(/endUserId/);
  });
});

describe('import parts on receipt (decision 194)', () => {
  const part = (fields: Record<string, unknown> = {}) => ({
    importId: `imp_${'a'.repeat(32)}_2`,
    index: 1,
    memories: [{ text: 'one' }],
    ...fields,
  });

  it('checks the part itself: import id, index, scope and 1 to 1,000 objects', () => {
    expect(messageOf(() => validatePayload(ImportPartRequest, part({ importId: 'imp_x' })))).toContain(
      'importId is not an import id',
    );
    expect(messageOf(() => validatePayload(ImportPartRequest, part({ index: -1 })))).toContain(
      'index must not be less than 0',
    );
    expect(
      messageOf(() => validatePayload(ImportPartRequest, part({ endUserId: tooLongScopeId }))),
    ).toContain('endUserId');
    expect(messageOf(() => validatePayload(ImportPartRequest, part({ memories: [] })))).toContain(
      'memories must contain at least 1 elements',
    );
    expect(
      messageOf(() =>
        validatePayload(
          ImportPartRequest,
          part({ memories: Array.from({ length: 1001 }, () => ({ text: 'x' })) }),
        ),
      ),
    ).toContain('memories must contain no more than 1000 elements');
    expect(messageOf(() => validatePayload(ImportPartRequest, part({ memories: ['text', null] })))).toContain(
      'each value in memories must be an object',
    );
    expect(messageOf(() => validatePayload(ImportPartRequest, part({ extra: 1 })))).toContain(
      'extra should not exist',
    );
  });

  it("does not check each line's fields again: the gateway's import checked them before sending", () => {
    // A value the gateway never sends (it refuses the line first), passed here to show no rule of the item runs.
    const memories = [
      { text: 'one', importance: 0.5 },
      { text: 'two', importance: 7 },
    ];
    const request = validatePayload(ImportPartRequest, part({ memories }));
    expect(request.memories).toEqual(memories);
  });
});
