import { describe, expect, it } from '@jest/globals';
import {
  ALWAYS_LABELLED,
  CATEGORY_COLORS,
  conceptLabel,
  type LabelBox,
  matchConcepts,
  placeLabels,
  toGraphData,
} from './graph-data.util';

const aConcept = (id: string, memoryCount: number, category: string | null = null) => ({
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
    const custom = toGraphData([aConcept('t', 1, 'travel')], []);
    expect(custom.nodes.map((n) => n.color)).toEqual([CATEGORY_COLORS.custom]);
    expect(data.links).toEqual([{ source: 'a', target: 'b', weight: 2 }]);
  });

  it('labels only the strongest concepts at every zoom, so a 2,000-node graph stays cheap to draw', () => {
    const concepts = Array.from({ length: 2000 }, (_, i) => aConcept(String(i), i));
    const data = toGraphData(concepts, []);
    const labelled = data.nodes.filter((n) => n.alwaysLabelled);
    expect(labelled).toHaveLength(ALWAYS_LABELLED);
    expect(Math.min(...labelled.map((n) => n.memoryCount))).toBe(2000 - ALWAYS_LABELLED);
  });

  it('places labels strongest first and leaves out any that would cover one already placed', () => {
    const box = (id: string, x: number, y: number, priority: number): LabelBox & { priority: number } => ({
      id,
      x,
      y,
      width: 40,
      height: 10,
      priority,
    });
    const placed = placeLabels([
      box('weak-over-strong', 20, 5, 1),
      box('strong', 0, 0, 9),
      box('apart', 100, 0, 2),
      box('touching', 40, 0, 3),
      box('below', 0, 10, 4),
    ]);
    expect(placed.map((label) => label.id)).toEqual(['strong', 'below', 'touching', 'apart']);
    const overlaps = (a: LabelBox, b: LabelBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    placed.forEach((a, i) => placed.slice(i + 1).forEach((b) => expect(overlaps(a, b)).toBe(false)));
  });

  it('keeps labels apart in a crowd of 2,000 at once', () => {
    const crowd = Array.from({ length: 2000 }, (_, i) => ({
      id: String(i),
      x: (i * 37) % 900,
      y: (i * 53) % 600,
      width: 30 + (i % 50),
      height: 12,
      priority: i,
    }));
    const placed = placeLabels(crowd);
    expect(placed.length).toBeGreaterThan(50);
    expect(placed[0]?.id).toBe('1999');
    const overlaps = (a: LabelBox, b: LabelBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    let found = 0;
    placed.forEach((a, i) => placed.slice(i + 1).forEach((b) => (found += overlaps(a, b) ? 1 : 0)));
    expect(found).toBe(0);
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
