import {
  type BuiltInMemoryCategory,
  isBuiltInMemoryCategory,
  type MemoryCategory,
} from '@membolt/contracts/rules';
import { categoryLabel } from './memory-display.util';

/** Node colours by category; the legend and the canvas read the same table. */
export const CATEGORY_COLORS: Record<BuiltInMemoryCategory | 'none' | 'custom', string> = {
  personal: '#e91e63',
  work: '#1e88e5',
  preference: '#43a047',
  interest: '#fb8c00',
  custom: '#8e24aa',
  none: '#9e9e9e',
};

/** A category's colour: its own for a built-in one, one colour for all of the account's custom ones. */
export function categoryColor(category: MemoryCategory | null | undefined): string {
  if (!category) return CATEGORY_COLORS.none;
  return isBuiltInMemoryCategory(category) ? CATEGORY_COLORS[category] : CATEGORY_COLORS.custom;
}

export const GRAPH_LEGEND = (Object.keys(CATEGORY_COLORS) as Array<keyof typeof CATEGORY_COLORS>).map(
  (key) => ({
    key,
    label: key === 'custom' ? 'Your categories' : categoryLabel(key === 'none' ? null : key),
    color: CATEGORY_COLORS[key],
  }),
);

/** Labels drawn at any zoom: the strongest concepts only, so 2,000 nodes do not mean 2,000 texts a frame. */
export const ALWAYS_LABELLED = 40;
/** Zoomed in this far, every node on screen gets its label. */
export const LABEL_ALL_ZOOM = 2.5;

export interface ConceptInput {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly category?: MemoryCategory | null;
  readonly memoryCount: number;
}

export interface RelationInput {
  readonly source: string;
  readonly target: string;
  readonly weight: number;
}

export interface GraphNode {
  readonly id: string;
  readonly name: string;
  readonly kind: string;
  readonly category: MemoryCategory | null;
  readonly memoryCount: number;
  readonly color: string;
  /** Area-like size for the canvas. */
  readonly val: number;
  readonly alwaysLabelled: boolean;
  // Written by the layout (d3-force) on the same object.
  x?: number;
  y?: number;
}

export interface GraphLink {
  readonly source: string;
  readonly target: string;
  readonly weight: number;
}

export interface GraphData {
  readonly nodes: GraphNode[];
  readonly links: GraphLink[];
}

/** Concept names are stored normalised (lower case): "alice johnson" → "Alice Johnson" for display. */
export function conceptLabel(name: string): string {
  return name.replace(
    /(^|[\s-])(\p{L})/gu,
    (_match, before: string, letter: string) => before + letter.toUpperCase(),
  );
}

/** The BFF's concept graph → the force layout's nodes and links (links to unknown concepts dropped). */
export function toGraphData(
  concepts: readonly ConceptInput[],
  relations: readonly RelationInput[],
): GraphData {
  const labelled = new Set(
    [...concepts]
      .sort((a, b) => b.memoryCount - a.memoryCount)
      .slice(0, ALWAYS_LABELLED)
      .map((concept) => concept.id),
  );
  const nodes = concepts.map((concept) => ({
    id: concept.id,
    name: conceptLabel(concept.name),
    kind: concept.kind,
    category: concept.category ?? null,
    memoryCount: concept.memoryCount,
    color: categoryColor(concept.category),
    val: 1 + Math.sqrt(Math.max(concept.memoryCount, 0)),
    alwaysLabelled: labelled.has(concept.id),
  }));
  const ids = new Set(nodes.map((node) => node.id));
  const links = relations
    .filter((relation) => ids.has(relation.source) && ids.has(relation.target))
    .map((relation) => ({ source: relation.source, target: relation.target, weight: relation.weight }));
  return { nodes, links };
}

/** Concepts whose name contains the text (any case), the most remembered first, at most `cap`. */
export function matchConcepts<T extends ConceptInput>(
  concepts: readonly T[],
  text: string,
  cap: number,
): T[] {
  const needle = text.trim().toLowerCase();
  return concepts
    .filter((concept) => needle === '' || concept.name.toLowerCase().includes(needle))
    .sort((a, b) => b.memoryCount - a.memoryCount || a.name.localeCompare(b.name))
    .slice(0, cap);
}

/** A label's box (top-left corner, size), in any one coordinate space. */
export interface LabelBox {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * The labels to draw so that none covers another: highest priority first, each kept only where it overlaps
 * no label kept before it. Boxes that merely touch do not overlap. A grid of cells about one label high
 * keeps it near-linear, so a frame with 2,000 candidates stays cheap.
 */
export function placeLabels<T extends LabelBox & { readonly priority: number }>(
  candidates: readonly T[],
): T[] {
  const ordered = [...candidates].sort((a, b) => b.priority - a.priority);
  const cell = Math.max(1, (ordered[0]?.height ?? 0) * 4);
  const grid = new Map<string, T[]>();
  const cellsOf = (label: LabelBox): string[] => {
    const keys: string[] = [];
    for (let cx = Math.floor(label.x / cell); cx <= Math.floor((label.x + label.width) / cell); cx++)
      for (let cy = Math.floor(label.y / cell); cy <= Math.floor((label.y + label.height) / cell); cy++)
        keys.push(`${cx}:${cy}`);
    return keys;
  };
  const overlaps = (a: LabelBox, b: LabelBox) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  const placed: T[] = [];
  for (const label of ordered) {
    const keys = cellsOf(label);
    if (keys.some((key) => grid.get(key)?.some((other) => overlaps(label, other)))) continue;
    placed.push(label);
    for (const key of keys) {
      const members = grid.get(key);
      if (members) members.push(label);
      else grid.set(key, [label]);
    }
  }
  return placed;
}
