import {
  type BuiltInMemoryCategory,
  IMPORTANCE_HIGH_THRESHOLD,
  IMPORTANCE_MEDIUM_THRESHOLD,
  isBuiltInMemoryCategory,
  MEMORY_CATEGORIES,
  type MemoryCategory,
  type MemorySort,
} from '@membolt/contracts/rules';

/** The filter's "All Categories" value (docs/requirements/web-app.md, Limits and constants: all, personal, work, preference, interest). */
export const ALL_CATEGORIES = 'all';
export type CategoryFilter = MemoryCategory | typeof ALL_CATEGORIES;

const CATEGORY_LABELS: Record<BuiltInMemoryCategory, string> = {
  personal: 'Personal',
  work: 'Work',
  preference: 'Preferences',
  interest: 'Interests',
};
const UNCATEGORIZED_LABEL = 'Uncategorized';

/** The filter's choices: all, the built-in categories, then the account's own (`custom`, by name). */
export function categoryFilterOptions(
  custom: readonly string[] = [],
): ReadonlyArray<{ value: CategoryFilter; label: string }> {
  return [
    { value: ALL_CATEGORIES, label: 'All Categories' },
    ...[...MEMORY_CATEGORIES, ...custom].map((value) => ({ value, label: categoryLabel(value) })),
  ];
}

export const SORT_OPTIONS: ReadonlyArray<{ value: MemorySort; label: string }> = [
  { value: 'importance', label: 'Importance' },
  { value: 'recent', label: 'Most Recent' },
  { value: 'oldest', label: 'Oldest First' },
];

/** A built-in category's label; a custom category is shown by its own name. */
export function categoryLabel(category: MemoryCategory | null | undefined): string {
  if (!category) return UNCATEGORIZED_LABEL;
  return isBuiltInMemoryCategory(category) ? CATEGORY_LABELS[category] : category;
}

/** 0.456 → "46%". */
export function importancePercent(importance: number): string {
  return `${Math.round(importance * 100)}%`;
}

export type ImportanceColor = 'primary' | 'info' | 'default';

/** Primary above 0.8, info above 0.5, else plain (docs/requirements/web-app.md, Limits and constants). */
export function importanceColor(importance: number): ImportanceColor {
  if (importance > IMPORTANCE_HIGH_THRESHOLD) return 'primary';
  if (importance > IMPORTANCE_MEDIUM_THRESHOLD) return 'info';
  return 'default';
}

/** The date of a memory in the browser's locale; empty when unreadable. */
export function formatMemoryDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export interface CategoryGroup<T> {
  readonly category: MemoryCategory | null;
  readonly label: string;
  readonly memories: readonly T[];
}

/**
 * The By Category tab: one group per category in the filter's order (built-in, then the account's own `custom`
 * ones), uncategorised last; empty groups left out.
 */
export function groupByCategory<T extends { readonly category?: MemoryCategory | null }>(
  memories: readonly T[],
  custom: readonly string[] = [],
): CategoryGroup<T>[] {
  const order: Array<MemoryCategory | null> = [...MEMORY_CATEGORIES, ...custom, null];
  return order
    .map((category) => ({
      category,
      label: categoryLabel(category),
      memories: memories.filter((memory) => (memory.category ?? null) === category),
    }))
    .filter((group) => group.memories.length > 0);
}

export interface ScoreBreakdown {
  readonly semantic?: number | null;
  readonly keyword?: number | null;
  readonly fused: number;
  readonly importance: number;
  readonly recency: number;
  readonly conceptMatch: boolean;
  readonly timeMatch: boolean;
  readonly final: number;
}

/** Why a search result ranked where it did, as short labelled figures for the card. */
export function scoreFigures(scores: ScoreBreakdown): string[] {
  const figures = [`Score ${scores.final.toFixed(3)}`];
  if (scores.semantic !== null && scores.semantic !== undefined)
    figures.push(`Meaning ${Math.round(scores.semantic * 100)}%`);
  if (scores.keyword !== null && scores.keyword !== undefined)
    figures.push(`Keywords ${scores.keyword.toFixed(2)}`);
  figures.push(`Importance ${importancePercent(scores.importance)}`);
  figures.push(`Recency ${importancePercent(scores.recency)}`);
  if (scores.conceptMatch) figures.push('Concept match');
  if (scores.timeMatch) figures.push('Time match');
  return figures;
}

export type StorageBarColor = 'primary' | 'warning' | 'error';

/** Primary up to 70 percent, warning above 70, error above 90 (docs/requirements/web-app.md, dashboard). */
export function storageBarColor(percent: number): StorageBarColor {
  if (percent > 90) return 'error';
  if (percent > 70) return 'warning';
  return 'primary';
}

/** Used out of the displayed maximum, in percent, capped at 100 for the bar. */
export function usagePercent(used: number, max: number): number {
  if (max <= 0) return 0;
  return Math.min(100, (used / max) * 100);
}
