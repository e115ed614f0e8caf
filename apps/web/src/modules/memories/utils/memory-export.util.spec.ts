import { describe, expect, it } from '@jest/globals';
import type { MemoryFieldsFragment } from '../../../gql/graphql';
import { csvCell, exportFileName, memoriesToCsv, memoriesToJson } from './memory-export.util';

const aMemory = (overrides: Partial<MemoryFieldsFragment> = {}): MemoryFieldsFragment => ({
  id: 'm1',
  text: 'Drinks espresso.',
  importance: 0.5,
  category: 'preference',
  source: 'chat',
  conversationTitle: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  version: 1,
  ...overrides,
});

describe('exporting the Memories view', () => {
  const at = new Date('2026-11-27T15:00:00.000Z');

  it('writes JSON with the view it was taken from and the memories in the order shown', () => {
    const json = JSON.parse(
      memoriesToJson(
        [{ memory: aMemory({ id: 'b' }), relevance: 0.9 }, { memory: aMemory({ id: 'a' }) }],
        { query: 'coffee', sort: 'recent', category: 'preference' },
        at,
      ),
    ) as { exportedAt: string; view: unknown; memories: Array<{ id: string; relevance: number | null }> };
    expect(json.exportedAt).toBe('2026-11-27T15:00:00.000Z');
    expect(json.view).toEqual({ query: 'coffee', sort: 'recent', category: 'preference' });
    expect(json.memories.map((memory) => [memory.id, memory.relevance])).toEqual([
      ['b', 0.9],
      ['a', null],
    ]);
  });

  it('writes CSV with quoted commas, quotes and line breaks, and disarms spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, "b"\nc')).toBe('"a, ""b""\nc"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe('');
    expect(csvCell(-0.5)).toBe('-0.5');
    const csv = memoriesToCsv([{ memory: aMemory({ text: 'Lives in Lisbon, Portugal.' }) }]);
    expect(csv.split('\r\n')).toEqual([
      'id,text,importance,category,source,conversationTitle,createdAt,updatedAt,version,relevance',
      'm1,"Lives in Lisbon, Portugal.",0.5,preference,chat,,2026-11-01T10:00:00.000Z,2026-11-01T10:00:00.000Z,1,',
      '',
    ]);
    expect(exportFileName('csv', at)).toBe('memories-2026-11-27.csv');
  });
});
