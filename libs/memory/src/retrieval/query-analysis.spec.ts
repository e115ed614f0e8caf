import { describe, expect, it } from '@jest/globals';

import { analyzeQuery } from './query-analysis.js';

const now = new Date('2026-11-23T10:00:00.000Z');

describe('analyzeQuery', () => {
  it('keeps lowercased content words, without stop words or repeats', () => {
    expect(
      analyzeQuery('What did Caroline research about the Adoption agencies, adoption?', now).terms,
    ).toEqual(['caroline', 'research', 'adoption', 'agencies']);
  });

  it('reads a bare year as that year', () => {
    expect(analyzeQuery('where did I live in 2023?', now).timeRange).toEqual({
      from: '2023-01-01T00:00:00.000Z',
      to: '2024-01-01T00:00:00.000Z',
    });
  });

  it('reads relative dates against now', () => {
    expect(analyzeQuery('what did I do last year', now).timeRange).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2026-01-01T00:00:00.000Z',
    });
    expect(analyzeQuery('what did I cook yesterday', now).timeRange).toEqual({
      from: '2026-11-22T00:00:00.000Z',
      to: '2026-11-23T00:00:00.000Z',
    });
    expect(analyzeQuery('what happened in May 2023', now).timeRange).toEqual({
      from: '2023-05-01T00:00:00.000Z',
      to: '2023-06-01T00:00:00.000Z',
    });
  });

  it('has no time range without a date, and flags questions asking for one', () => {
    const analysis = analyzeQuery('When did Caroline go to the LGBTQ support group?', now);
    expect(analysis.timeRange).toBeNull();
    expect(analysis.asksWhen).toBe(true);
    expect(analyzeQuery('What is Caroline identity?', now).asksWhen).toBe(false);
  });

  it('names the concepts of the query', () => {
    expect(analyzeQuery('Did Melanie visit Boston?', now).conceptNames).toEqual(
      expect.arrayContaining(['melanie', 'boston']),
    );
  });
});
