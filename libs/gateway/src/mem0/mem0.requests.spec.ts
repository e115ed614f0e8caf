import { describe, expect, it } from '@jest/globals';
import { MemboltError } from '@membolt/contracts';
import { mem0ScopeQuery, mem0Selection } from './mem0.requests.js';

const problem = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    if (error instanceof MemboltError) return error.message;
    throw error;
  }
  throw new Error('expected a validation error');
};

describe('mem0Selection: the scope in Mem0 filters', () => {
  it('takes the scope keys from the top level and from AND, leaving the other conditions', () => {
    expect(
      mem0Selection({
        AND: [{ user_id: 'alex' }, { agent_id: { eq: 'support' } }, { created_at: { gte: '2026-01-01' } }],
        run_id: 'r1',
      }),
    ).toEqual({
      scope: { endUserId: 'alex', agentId: 'support', runId: 'r1' },
      rest: { AND: [{ created_at: { gte: '2026-01-01' } }] },
    });
    expect(mem0Selection({ user_id: 'alex' })).toEqual({ scope: { endUserId: 'alex' }, rest: null });
    expect(mem0Selection(undefined)).toEqual({ scope: {}, rest: null });
  });

  it('refuses scope keys that would widen or invert the scope, naming where', () => {
    expect(problem(() => mem0Selection({ OR: [{ user_id: 'a' }, { user_id: 'b' }] }))).toBe(
      'filters.OR[0].user_id: scope keys can only be combined with AND',
    );
    expect(problem(() => mem0Selection({ NOT: [{ agent_id: 'x' }] }))).toBe(
      'filters.NOT[0].agent_id: scope keys can only be combined with AND',
    );
    expect(problem(() => mem0Selection({ user_id: '*' }))).toMatch(/^filters\.user_id: every scope at once/);
    expect(problem(() => mem0Selection({ user_id: 'a', AND: [{ user_id: 'b' }] }))).toBe(
      'filters.AND[0].user_id: names another scope than an earlier filter',
    );
    expect(problem(() => mem0Selection({ user_id: { in: ['a', 'b'] } }))).toMatch(
      /^filters\.user_id: must be/,
    );
    expect(problem(() => mem0Selection({ app_id: 'x' }))).toMatch(/^app_id is not supported/);
  });

  it('maps entity parameters to the native scope query and refuses app_id', () => {
    expect(mem0ScopeQuery({ user_id: 'alex', run_id: 'r' })).toEqual({ end_user_id: 'alex', run_id: 'r' });
    expect(problem(() => mem0ScopeQuery({ app_id: 'x' }))).toMatch(/^app_id is not supported/);
  });
});
