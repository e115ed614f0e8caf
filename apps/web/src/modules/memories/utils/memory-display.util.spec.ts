import { describe, expect, it } from '@jest/globals';
import {
  categoryFilterOptions,
  categoryLabel,
  groupByCategory,
  importanceColor,
  importancePercent,
  scoreFigures,
  SORT_OPTIONS,
  storageBarColor,
  usagePercent,
} from './memory-display.util';

const aMemory = (id: string, category: string | null) => ({
  id,
  category,
});

describe('memory display', () => {
  it('offers the spec labels for sort and category filter', () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual(['Importance', 'Most Recent', 'Oldest First']);
    expect(categoryFilterOptions().map((o) => o.label)).toEqual([
      'All Categories',
      'Personal',
      'Work',
      'Preferences',
      'Interests',
    ]);
    expect(categoryFilterOptions().map((o) => o.value)).toEqual([
      'all',
      'personal',
      'work',
      'preference',
      'interest',
    ]);
    expect(categoryLabel(null)).toBe('Uncategorized');
  });

  it("offers the account's custom categories after the built-in ones, shown by their names", () => {
    expect(categoryFilterOptions(['travel', 'side-project']).slice(5)).toEqual([
      { value: 'travel', label: 'travel' },
      { value: 'side-project', label: 'side-project' },
    ]);
    expect(categoryLabel('travel')).toBe('travel');
    const groups = groupByCategory(
      [aMemory('a', null), aMemory('b', 'travel'), aMemory('c', 'work')],
      ['travel'],
    );
    expect(groups.map((g) => [g.label, g.memories.map((m) => m.id)])).toEqual([
      ['Work', ['c']],
      ['travel', ['b']],
      ['Uncategorized', ['a']],
    ]);
  });

  it('shows importance as a percentage coloured at the 0.5 and 0.8 thresholds', () => {
    expect(importancePercent(0.5)).toBe('50%');
    expect(importancePercent(0.456)).toBe('46%');
    expect(importanceColor(0.81)).toBe('primary');
    expect(importanceColor(0.8)).toBe('info');
    expect(importanceColor(0.51)).toBe('info');
    expect(importanceColor(0.5)).toBe('default');
  });

  it('groups by category in the filter order with the uncategorised group last, empty groups left out', () => {
    const groups = groupByCategory([
      aMemory('a', null),
      aMemory('b', 'work'),
      aMemory('c', 'personal'),
      aMemory('d', 'work'),
    ]);
    expect(groups.map((g) => [g.label, g.memories.map((m) => m.id)])).toEqual([
      ['Personal', ['c']],
      ['Work', ['b', 'd']],
      ['Uncategorized', ['a']],
    ]);
  });

  it('colours the storage bar primary up to 70 percent, warning above, error above 90', () => {
    expect(storageBarColor(70)).toBe('primary');
    expect(storageBarColor(70.5)).toBe('warning');
    expect(storageBarColor(90)).toBe('warning');
    expect(storageBarColor(91)).toBe('error');
    expect(usagePercent(150, 200)).toBe(75);
    expect(usagePercent(300, 200)).toBe(100);
  });

  it('explains a search rank with the signals that were present', () => {
    expect(
      scoreFigures({
        semantic: 0.823,
        keyword: null,
        fused: 0.03,
        importance: 0.9,
        recency: 0.5,
        conceptMatch: true,
        timeMatch: false,
        final: 0.4567,
      }),
    ).toEqual(['Score 0.457', 'Meaning 82%', 'Importance 90%', 'Recency 50%', 'Concept match']);
  });
});
