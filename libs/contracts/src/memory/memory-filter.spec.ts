import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { MemboltError } from '../common/membolt-error.js';
import { validatePayload } from '../common/validate-payload.js';
import {
  isEmptyMemoryFilter,
  MEMORY_FILTER_MAX_CONDITIONS,
  MemoryFilterError,
  memoryFilterScope,
  type MemoryFilterNode,
  parseMemoryFilter,
  parseMemoryFilterJson,
} from './memory-filter.js';
import { SearchMemoriesRequest } from './memory.requests.js';

function problem(json: unknown): string {
  try {
    parseMemoryFilter(json);
  } catch (error) {
    if (error instanceof MemoryFilterError) return error.message;
    throw error;
  }
  throw new Error('expected a filter error');
}

describe('parseMemoryFilter', () => {
  it('reads a field value as eq, "*" as presence and null as absence', () => {
    expect(parseMemoryFilter({ user_id: 'alice' })).toEqual({
      kind: 'text',
      field: 'end_user_id',
      op: 'eq',
      value: 'alice',
    });
    expect(parseMemoryFilter({ agent_id: '*' })).toEqual({
      kind: 'text',
      field: 'agent_id',
      op: 'exists',
      value: true,
    });
    expect(parseMemoryFilter({ valid_to: null })).toEqual({
      kind: 'time',
      field: 'valid_to',
      op: 'exists',
      value: false,
    });
  });

  it('reads AND, OR and NOT, several keys ANDed, NOT negating the AND of its items', () => {
    const tree = parseMemoryFilter({
      AND: [{ user_id: 'alice' }, { OR: [{ categories: { in: ['work'] } }, { 'metadata.topic': 'food' }] }],
      NOT: [{ created_at: { gte: '2024-01-01' } }, { metadata: { n: { gt: 3 } } }],
    });
    expect(tree).toEqual({
      kind: 'and',
      items: [
        {
          kind: 'and',
          items: [
            { kind: 'text', field: 'end_user_id', op: 'eq', value: 'alice' },
            {
              kind: 'or',
              items: [
                { kind: 'text', field: 'category', op: 'in', value: ['work'] },
                { kind: 'metadata', key: 'topic', op: 'eq', value: 'food' },
              ],
            },
          ],
        },
        {
          kind: 'not',
          item: {
            kind: 'and',
            items: [
              { kind: 'time', field: 'created_at', op: 'gte', value: Date.UTC(2024, 0, 1) },
              { kind: 'metadata', key: 'n', op: 'gt', value: 3 },
            ],
          },
        },
      ],
    });
  });

  it('reads dates as UTC epoch milliseconds (date only, no zone, offsets)', () => {
    const at = (value: string) =>
      (parseMemoryFilter({ created_at: { gt: value } }) as { value: number }).value;
    expect(at('2024-07-01')).toBe(Date.UTC(2024, 6, 1));
    expect(at('2024-07-01T10:00:00')).toBe(Date.UTC(2024, 6, 1, 10));
    expect(at('2024-07-01T10:00:00+02:00')).toBe(Date.UTC(2024, 6, 1, 8));
    expect(at('2024-07-01T10:00:00.5Z')).toBe(Date.UTC(2024, 6, 1, 10, 0, 0, 500));
  });

  it('maps the synonyms: memory_ids and id, user_id and end_user_id, categories contains as eq', () => {
    expect(parseMemoryFilter({ memory_ids: { in: ['a', 'b'] } })).toMatchObject({ field: 'id', op: 'in' });
    expect(parseMemoryFilter({ end_user_id: 'x' })).toMatchObject({ field: 'end_user_id' });
    expect(parseMemoryFilter({ categories: { contains: 'work' } })).toEqual({
      kind: 'text',
      field: 'category',
      op: 'eq',
      value: 'work',
    });
  });

  it('{} keeps everything', () => {
    expect(isEmptyMemoryFilter(parseMemoryFilter({}))).toBe(true);
  });

  it('names the bad part of a filter', () => {
    expect(problem({ AND: [{ user_id: 'a' }, { created_at: { gtx: '2024-01-01' } }] })).toMatch(
      /^filters\.AND\[1\]\.created_at: unknown operator "gtx"/,
    );
    expect(problem({ colour: 'red' })).toMatch(/^filters\.colour: unknown field/);
    expect(problem({ OR: [] })).toBe('filters.OR: must be a non-empty array of filter objects');
    expect(problem({ OR: [1] })).toBe('filters.OR[0]: must be a JSON object, got 1');
    expect(problem({ created_at: { gte: 'yesterday' } })).toBe(
      'filters.created_at.gte: must be an ISO 8601 date, got "yesterday"',
    );
    expect(problem({ created_at: { contains: '2024' } })).toMatch(
      /^filters\.created_at\.contains: operator "contains"/,
    );
    expect(problem({ memory_ids: { in: [] } })).toMatch(/^filters\.memory_ids\.in: must be an array of 1 to/);
    expect(problem({ memory_ids: { gt: 'a' } })).toMatch(/does not apply to memory ids/);
    expect(problem({ user_id: 5 })).toBe('filters.user_id: must be a string, got 5');
    expect(problem({ metadata: { n: { eq: { deep: 1 } } } })).toBe(
      'filters.metadata.n.eq: must be a string, a number or a boolean, got an object',
    );
    expect(problem({ metadata: { n: { icontains: 3 } } })).toBe(
      'filters.metadata.n.icontains: icontains takes a string, got 3',
    );
    expect(problem({ and: [{ user_id: 'a' }] })).toMatch(/use "AND"/);
    expect(problem([])).toBe('filters: must be a JSON object, got an array');
    expect(problem({ user_id: {} })).toBe('filters.user_id: must name at least one operator');
  });

  it('bounds the number of conditions and the depth', () => {
    const many = Array.from({ length: MEMORY_FILTER_MAX_CONDITIONS + 1 }, (_, i) => ({ 'metadata.k': i }));
    expect(problem({ OR: many })).toMatch(/at most 100 conditions/);
    let deep: Record<string, unknown> = { user_id: 'a' };
    for (let i = 0; i < 20; i++) deep = { NOT: [deep] };
    expect(problem(deep)).toMatch(/nests deeper than/);
  });

  it('a JSON string that is not JSON is named as such', () => {
    expect(() => parseMemoryFilterJson('{user_id:')).toThrow(
      'filters: must be a JSON object (the text is not valid JSON)',
    );
    expect(parseMemoryFilterJson('{"run_id":"r1"}')).toMatchObject({ field: 'run_id', value: 'r1' });
  });

  it('memoryFilterScope reads the end user, agent and run pinned at the top level only', () => {
    expect(
      memoryFilterScope(parseMemoryFilter({ AND: [{ user_id: 'alice' }, { agent_id: 'bot' }] })),
    ).toEqual({
      endUserId: 'alice',
      agentId: 'bot',
    });
    expect(memoryFilterScope(parseMemoryFilter({ OR: [{ user_id: 'a' }, { user_id: 'b' }] }))).toEqual({});
    expect(memoryFilterScope(parseMemoryFilter({ user_id: 'a', AND: [{ user_id: 'b' }] }))).toEqual({});
    expect(memoryFilterScope(parseMemoryFilter({ run_id: 'r', user_id: { ne: 'x' } }))).toEqual({
      runId: 'r',
    });
  });

  it('the bus requests validate filters with the parser (message names the part)', () => {
    expect(() =>
      validatePayload(SearchMemoriesRequest, { query: 'q', limit: 5, filters: { OR: [{ x: 1 }] } }),
    ).toThrow(MemboltError);
    try {
      validatePayload(SearchMemoriesRequest, { query: 'q', limit: 5, filters: { OR: [{ x: 1 }] } });
    } catch (error) {
      expect((error as Error).message).toContain('filters.OR[0].x: unknown field');
    }
    const ok = validatePayload(SearchMemoriesRequest, { query: 'q', limit: 5, filters: { user_id: 'a' } });
    expect(ok.filters).toEqual({ user_id: 'a' });
  });

  // Any well-formed filter (built from the grammar) parses, and its conditions keep the values given.
  const scalarArb = fc.oneof(
    fc.string({ maxLength: 20 }).filter((s) => s !== '*'),
    fc.integer(),
    fc.boolean(),
  );
  const dateArb = fc
    .date({
      min: new Date('1990-01-01T00:00:00Z'),
      max: new Date('2090-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString());
  const leafArb: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
    fc.record({ created_at: fc.record({ gte: dateArb }) }),
    fc.record({ valid_to: fc.constantFrom('*', null) }),
    fc.record({ user_id: fc.stringMatching(/^[a-z0-9]{0,10}$/) }),
    fc.record({
      categories: fc.record({ in: fc.array(fc.constantFrom('work', 'personal'), { minLength: 1 }) }),
    }),
    fc.dictionary(
      fc.stringMatching(/^[a-z]{1,8}$/).map((k) => `metadata.${k}`),
      fc.oneof(
        scalarArb,
        fc.record({ ne: scalarArb }),
        fc.record({ nin: fc.array(scalarArb, { minLength: 1 }) }),
      ),
      { minKeys: 1, maxKeys: 2 },
    ),
  );
  const filterArb = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      leafArb,
      fc.record({ AND: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ OR: fc.array(tie('node'), { minLength: 1, maxLength: 3 }) }),
      fc.record({ NOT: fc.array(tie('node'), { minLength: 1, maxLength: 2 }) }),
    ),
  })).node;

  const leaves = (node: MemoryFilterNode): number =>
    node.kind === 'and' || node.kind === 'or'
      ? node.items.reduce((n, item) => n + leaves(item), 0)
      : node.kind === 'not'
        ? leaves(node.item)
        : 1;

  it('parses every filter the grammar builds, one condition per leaf value (property)', () => {
    fc.assert(
      fc.property(filterArb, (json) => {
        let tree: MemoryFilterNode;
        try {
          tree = parseMemoryFilter(json);
        } catch (error) {
          // Only the size bounds may refuse a well-formed filter.
          expect((error as Error).message).toMatch(/at most 100 conditions|nests deeper/);
          return;
        }
        const expected = JSON.stringify(json).match(
          /"(created_at|valid_to|user_id|categories|metadata\.[^"]*)":/g,
        );
        expect(leaves(tree)).toBe(expected?.length ?? 0);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws anything but MemoryFilterError on arbitrary JSON (property)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (json) => {
        try {
          parseMemoryFilter(json);
        } catch (error) {
          expect(error).toBeInstanceOf(MemoryFilterError);
          expect((error as Error).message.startsWith('filters')).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
