import { describe, expect, it } from '@jest/globals';
import {
  ALWAYS_LABELLED,
  CATEGORY_COLORS,
  conceptLabel,
  matchConcepts,
  toGraphData,
} from './graph-data.util';

const aConcept = (id: string, memoryCount: number, category: 'work' | null = null) => ({
  id,
  name: `Concept ${id}`,
  kind: 'topic',
  category,
  memoryCount,
});

describe('concept graph data', () => {
  it('colours nodes by category and drops relations to concepts not in the graph', () => {
    const data = toGraphData(
      [aConcept('a', 3, 'work'), aConcept('b', 1)],
      [
        { source: 'a', target: 'b', weight: 2 },
        { source: 'a', target: 'gone', weight: 1 },
      ],
    );
    expect(data.nodes.map((n) => n.color)).toEqual([CATEGORY_COLORS.work, CATEGORY_COLORS.none]);
    expect(data.links).toEqual([{ source: 'a', target: 'b', weight: 2 }]);
  });

  it('labels only the strongest concepts at every zoom, so a 2,000-node graph stays cheap to draw', () => {
    const concepts = Array.from({ length: 2000 }, (_, i) => aConcept(String(i), i));
    const data = toGraphData(concepts, []);
    const labelled = data.nodes.filter((n) => n.alwaysLabelled);
    expect(labelled).toHaveLength(ALWAYS_LABELLED);
    expect(Math.min(...labelled.map((n) => n.memoryCount))).toBe(2000 - ALWAYS_LABELLED);
  });

  it('finds concepts by part of the name, most remembered first, capped', () => {
    const concepts = [
      { ...aConcept('1', 1), name: 'Paris' },
      { ...aConcept('2', 5), name: 'Paris Hilton' },
      { ...aConcept('3', 9), name: 'Berlin' },
    ];
    expect(matchConcepts(concepts, ' paris', 10).map((c) => c.name)).toEqual(['Paris Hilton', 'Paris']);
    expect(matchConcepts(concepts, '', 2).map((c) => c.name)).toEqual(['Berlin', 'Paris Hilton']);
  });

  it('shows normalised concept names with capitals', () => {
    expect(conceptLabel('alice johnson')).toBe('Alice Johnson');
    expect(conceptLabel('saint-étienne')).toBe('Saint-Étienne');
    expect(conceptLabel('iPhone')).toBe('IPhone');
  });
});
