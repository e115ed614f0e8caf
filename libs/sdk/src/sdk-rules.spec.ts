import { describe, expect, it } from '@jest/globals';
import { apiErrorOf, MemboltApiError } from './errors.js';
import { importanceOf, statsOf, substringSearch } from './fallbacks.js';
import { userIdFromApiKey } from './membolt-client.js';
import type { Memory } from './types.js';

let sequence = 0;
function makeMemory(overrides: Partial<Memory> = {}): Memory {
  sequence += 1;
  const time = `2026-01-${String((sequence % 28) + 1).padStart(2, '0')}T10:00:00.000Z`;
  return {
    id: `memory-${sequence}`,
    text: `memory number ${sequence}`,
    metadata: '{}',
    importance: 0.5,
    category: null,
    source: 'memory',
    conversation_id: null,
    conversation_title: null,
    timestamp: time,
    created_at: time,
    updated_at: time,
    valid_from: time,
    valid_to: null,
    expiration_date: null,
    end_user_id: null,
    agent_id: null,
    run_id: null,
    version: 1,
    redactions: [],
    ...overrides,
  };
}

describe('sdk: user id from the key (section 4)', () => {
  it('takes the third underscore-separated part when there are at least three', () => {
    expect(userIdFromApiKey('mblt_live_user42_secret')).toBe('user42');
    expect(userIdFromApiKey('a_b_c')).toBe('c');
  });

  it('finds none in a key of fewer parts, or an empty third part', () => {
    expect(userIdFromApiKey('mblt_Ab3dEf6hIj9kLm2oPq5sTu8wXy1zA4bC')).toBeNull();
    expect(userIdFromApiKey('mblt__')).toBeNull();
    expect(userIdFromApiKey('')).toBeNull();
  });
});

describe('sdk: error message of a non-OK answer (section 8)', () => {
  it('is the error field first', () => {
    const error = apiErrorOf(400, JSON.stringify({ error: 'validation_error', message: 'text is required' }));
    expect(error).toBeInstanceOf(MemboltApiError);
    expect({ message: error.message, status: error.status, code: error.code, detail: error.detail }).toEqual({
      message: 'validation_error',
      status: 400,
      code: 'validation_error',
      detail: 'text is required',
    });
  });

  it('else the message field', () => {
    expect(apiErrorOf(404, JSON.stringify({ message: 'Memory not found' })).message).toBe('Memory not found');
  });

  it("else 'API request failed: {status}' (no JSON, or neither field)", () => {
    expect(apiErrorOf(502, '<html>Bad gateway</html>').message).toBe('API request failed: 502');
    expect(apiErrorOf(500, JSON.stringify({ detail: 'x' })).message).toBe('API request failed: 500');
    expect(apiErrorOf(503, '').message).toBe('API request failed: 503');
  });
});

describe('sdk: fallbacks (section 7)', () => {
  it('search keeps the memories whose text holds the query, any case, up to the limit', () => {
    const memories = [
      makeMemory({ text: 'I live in LISBON' }),
      makeMemory({ text: 'likes coffee' }),
      makeMemory({ text: 'Lisbon trams are yellow' }),
      makeMemory({ text: 'moved from lisbon to porto' }),
    ];
    expect(substringSearch(memories, 'lisbon', 2)).toEqual({
      memories: [memories[0], memories[2]],
      count: 2,
    });
    expect(substringSearch(memories, 'tea', 10)).toEqual({ memories: [], count: 0 });
  });

  it('stats are computed from the memories read, with no concepts or relations', () => {
    const memories = [
      makeMemory({ importance: 0.9, created_at: '2026-03-01T00:00:00.000Z' }),
      makeMemory({ importance: 0.3, created_at: '2025-12-24T08:00:00.000Z' }),
    ];
    expect(statsOf(memories)).toEqual({
      memory_count: 2,
      avg_importance: 0.6,
      oldest_timestamp: '2025-12-24T08:00:00.000Z',
      // The server's answer counts closed facts too; a fallback lists open memories only.
      closed_count: 0,
      concept_count: 0,
      relation_count: 0,
    });
  });

  it('stats of no memories are 0, 0, the current time, 0, 0', () => {
    const now = new Date('2026-11-23T08:00:00.000Z');
    expect(statsOf([], now)).toEqual({
      memory_count: 0,
      avg_importance: 0,
      oldest_timestamp: '2026-11-23T08:00:00.000Z',
      // The server's answer counts closed facts too; a fallback lists open memories only.
      closed_count: 0,
      concept_count: 0,
      relation_count: 0,
    });
  });

  it('importance is read from metadata when the field is missing, else 0.5', () => {
    const withoutField = (metadata: string) =>
      ({ ...makeMemory({ metadata }), importance: undefined }) as unknown as Memory;
    expect(importanceOf(withoutField('{"importance":0.7}'))).toBe(0.7);
    expect(importanceOf(withoutField('{}'))).toBe(0.5);
    expect(importanceOf(withoutField('not json'))).toBe(0.5);
  });
});
