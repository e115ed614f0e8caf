import type { MemoryFieldsFragment } from '../../../gql/graphql';

/** What the screen showed when the user exported: the search, sort and category filter in force. */
export interface MemoryViewDescription {
  readonly query: string | null;
  readonly sort: string;
  readonly category: string | null;
}

export interface ExportedMemoryRow {
  readonly memory: MemoryFieldsFragment;
  /** The search's relevance (0-1) when the view is a search. */
  readonly relevance?: number | null;
}

const COLUMNS = [
  'id',
  'text',
  'importance',
  'category',
  'source',
  'conversationTitle',
  'createdAt',
  'updatedAt',
  'version',
  'relevance',
] as const;

const fieldsOf = ({ memory, relevance }: ExportedMemoryRow) => ({
  id: memory.id,
  text: memory.text,
  importance: memory.importance,
  category: memory.category ?? null,
  source: memory.source ?? null,
  conversationTitle: memory.conversationTitle ?? null,
  createdAt: memory.createdAt,
  updatedAt: memory.updatedAt,
  version: memory.version,
  relevance: relevance ?? null,
});

/** The view as one JSON document: what was shown, when, and the memories in the order shown. */
export function memoriesToJson(
  rows: readonly ExportedMemoryRow[],
  view: MemoryViewDescription,
  exportedAt: Date,
): string {
  return `${JSON.stringify({ exportedAt: exportedAt.toISOString(), view, memories: rows.map(fieldsOf) }, null, 2)}\n`;
}

/**
 * A CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A text a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) is prefixed with an apostrophe.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function memoriesToCsv(rows: readonly ExportedMemoryRow[]): string {
  const lines = [COLUMNS.join(',')];
  for (const row of rows) {
    const fields = fieldsOf(row);
    lines.push(COLUMNS.map((column) => csvCell(fields[column])).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `memories-2026-11-27.json`: the day of the export. */
export const exportFileName = (extension: 'json' | 'csv', exportedAt: Date): string =>
  `memories-${exportedAt.toISOString().slice(0, 10)}.${extension}`;

/** Saves text as a file through the browser (nothing leaves the page). */
export function saveAsFile(fileName: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; give it a moment before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
