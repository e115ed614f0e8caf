import { describe, expect, it } from '@jest/globals';
import { metadataToken, metadataTokens, PAYLOAD, searchFilter, wholeScopeFilter } from './qdrant-filter.js';

const scope = { userId: 'user-a', endUserId: '' };
const at = new Date(Date.UTC(2026, 0, 2));
/** The conditions after the two tenant ones. */
const afterScope = (filter: ReturnType<typeof searchFilter>): unknown[] =>
  (filter.must as unknown[]).slice(2);

describe('Qdrant filters of the memory search', () => {
  it('puts the tenant (account, end user) first, then agent and run when given', () => {
    expect(wholeScopeFilter({ userId: 'u', endUserId: 'alice' })).toEqual({
      must: [
        { key: PAYLOAD.userId, match: { value: 'u' } },
        { key: PAYLOAD.endUserId, match: { value: 'e:alice' } },
      ],
    });
    const must = searchFilter({ ...scope, agentId: 'ag', runId: 'r1' }, { validity: { kind: 'all' } }).must;
    expect(must).toEqual([
      { key: PAYLOAD.userId, match: { value: 'user-a' } },
      { key: PAYLOAD.endUserId, match: { value: 'e:' } },
      { key: PAYLOAD.agentId, match: { value: 'ag' } },
      { key: PAYLOAD.runId, match: { value: 'r1' } },
    ]);
  });

  it('translates every memory filter and the validity of facts', () => {
    const filter = searchFilter(scope, {
      category: null,
      source: 'chat',
      createdAfter: at,
      conversationId: 'c1',
      metadata: { topic: 'x', n: 2.5 },
      validity: { kind: 'asOf', at },
    });
    expect(afterScope(filter)).toEqual([
      { is_empty: { key: PAYLOAD.category } },
      { key: PAYLOAD.source, match: { value: 'chat' } },
      { key: PAYLOAD.createdAt, range: { gte: at.getTime(), lte: null } },
      { key: PAYLOAD.conversationId, match: { value: 'c1' } },
      { key: PAYLOAD.metadata, match: { value: metadataToken('topic', 'x') } },
      { key: PAYLOAD.metadata, match: { value: metadataToken('n', 2.5) } },
      { key: PAYLOAD.validFrom, range: { lte: at.getTime() } },
      {
        should: [
          { is_empty: { key: PAYLOAD.validTo } },
          { key: PAYLOAD.validTo, range: { gt: at.getTime() } },
        ],
      },
    ]);
    expect(
      afterScope(searchFilter(scope, { category: 'work', validity: { kind: 'open', now: at } })),
    ).toEqual([
      { key: PAYLOAD.category, match: { value: 'work' } },
      {
        should: [
          { is_empty: { key: PAYLOAD.validTo } },
          { key: PAYLOAD.validTo, range: { gt: at.getTime() } },
        ],
      },
    ]);
  });

  it('keeps metadata members of different types apart and ignores nested values', () => {
    expect(metadataTokens({ a: '1', b: 1, c: true, d: { e: 1 }, f: [1], g: null })).toEqual([
      metadataToken('a', '1'),
      metadataToken('b', 1),
      metadataToken('c', true),
    ]);
    expect(new Set([metadataToken('a', '1'), metadataToken('a', 1), metadataToken('a', true)]).size).toBe(3);
    // A key with dots is one member name, not a path.
    expect(metadataToken('a.b', 'x')).not.toBe(metadataToken('a', 'b.x'));
  });
});
