/**
 * Hostile inputs, generated in code (nothing large is committed): archives that inflate far past their size,
 * documents with many pages, images with many pixels, and JSON shaped to make a server work hard.
 */
export { docxBomb, hugePng } from '@membolt/ingestion/testing';

/** A PDF of `pages` pages, each with one short sentence of its own (about 150 bytes a page). */
export function manyPagePdf(pages: number): Buffer {
  const start = '%PDF-1.4\n';
  const parts: string[] = [start];
  const offsets: number[] = [];
  let length = start.length;
  const object = (id: number, body: string) => {
    offsets[id] = length;
    const text = `${id} 0 obj\n${body}\nendobj\n`;
    parts.push(text);
    length += Buffer.byteLength(text, 'latin1');
  };
  const pageId = (i: number) => 4 + 2 * i;
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const kids = Array.from({ length: pages }, (_, i) => `${pageId(i)} 0 R`).join(' ');
  object(2, `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>`);
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  for (let i = 0; i < pages; i++) {
    object(
      pageId(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId(i) + 1} 0 R >>`,
    );
    const stream = `BT /F1 12 Tf 72 720 Td (Page ${i + 1}: my note number ${i + 1} about the garden.) Tj ET`;
    object(pageId(i) + 1, `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  const count = pageId(pages);
  const xref = [`xref\n0 ${count}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < count; id++) xref.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  parts.push(...xref, `trailer\n<< /Size ${count} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/** `{ prefix0: value, prefix1: value, … }` with `count` keys. */
export function manyKeys(count: number, prefix: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) object[`${prefix}${i}`] = value;
  return object;
}

/** A JSON text of objects nested `depth` deep: `{"a":{"a":…{}}}`. */
export function nestedJson(depth: number): string {
  return '{"a":'.repeat(depth) + '{}' + '}'.repeat(depth);
}

/** An NDJSON export of `lines` memories. */
export function ndjsonImport(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(JSON.stringify({ text: `Imported note ${i}: I water the tomatoes on day ${i % 7}.` }));
  return `${out.join('\n')}\n`;
}
