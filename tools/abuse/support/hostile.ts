/**
 * Hostile inputs, generated in code (nothing large is committed): archives that inflate far past their size,
 * documents with many pages, images with many pixels, and JSON shaped to make a server work hard.
 */
import { crc32, createDeflate, createDeflateRaw } from 'node:zlib';

interface ZipEntry {
  readonly name: string;
  /** Deflated bytes. */
  readonly data: Buffer;
  readonly crc: number;
  readonly size: number;
}

/**
 * Deflates what `chunks` yields (one chunk at a time, so a 400 MiB entry never exists in memory): raw for a
 * ZIP entry, or in the zlib wrapper (header and Adler-32) that PNG wants.
 */
async function deflateEntry(name: string, chunks: Iterable<Buffer>, zlibWrapper = false): Promise<ZipEntry> {
  const deflate = zlibWrapper ? createDeflate({ level: 9 }) : createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    deflate.once('end', resolve);
    deflate.once('error', reject);
  });
  let crc = 0;
  let size = 0;
  for (const chunk of chunks) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await ended;
  return { name, data: Buffer.concat(out), crc, size };
}

/** A ZIP archive (deflated entries, no ZIP64: every entry under 4 GiB). */
function zip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
  '<Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
  '</Types>';
const ROOT_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
  '</Relationships>';

/**
 * A DOCX whose `word/document.xml` is `xmlBytes` of repeated paragraphs (about 1/1000 of that zipped):
 * a decompression bomb that is also a well-formed document.
 */
export async function docxBomb(xmlBytes: number): Promise<Buffer> {
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>',
  );
  const tail = Buffer.from('</w:body></w:document>');
  const paragraph = '<w:p><w:r><w:t>I keep notes about my garden, my tea and my bicycle.</w:t></w:r></w:p>';
  const block = Buffer.from(paragraph.repeat(Math.floor((1 << 20) / paragraph.length)));
  function* body(): Generator<Buffer> {
    yield head;
    for (let written = 0; written < xmlBytes; written += block.length) yield block;
    yield tail;
  }
  const text = (name: string, value: string) => deflateEntry(name, [Buffer.from(value)]);
  return zip([
    await text('[Content_Types].xml', CONTENT_TYPES),
    await text('_rels/.rels', ROOT_RELS),
    await deflateEntry('word/document.xml', body()),
  ]);
}

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

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid, blank 8-bit greyscale PNG of `width` x `height` (20000 x 20000 is 400 million pixels in about
 * 400 KB): decoders that expand it to RGBA need 4 bytes a pixel.
 */
export async function hugePng(width: number, height: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.alloc(1 + width); // filter byte 0, then one byte a pixel
  const rowsPerChunk = Math.max(1, Math.floor((1 << 20) / row.length));
  const block = Buffer.concat(Array.from({ length: rowsPerChunk }, () => row));
  function* rows(): Generator<Buffer> {
    for (let y = 0; y < height; y += rowsPerChunk)
      yield y + rowsPerChunk <= height ? block : block.subarray(0, (height - y) * row.length);
  }
  const idat = (await deflateEntry('idat', rows(), true)).data;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
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
