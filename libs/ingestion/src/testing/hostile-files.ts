/**
 * Hostile files generated in code for tests and probes (nothing large is committed): ZIP archives (DOCX) that
 * inflate far past their size, honest or lying about it in their headers, and PNGs with many pixels. Entries
 * are deflated one chunk at a time, so a 400 MiB entry never exists in memory.
 */
import { crc32, createDeflate, createDeflateRaw } from 'node:zlib';

/** One deflated ZIP entry. */
export interface ZipEntry {
  readonly name: string;
  /** Deflated bytes. */
  readonly data: Buffer;
  readonly crc: number;
  /** Inflated size. */
  readonly size: number;
}

/**
 * Deflates what `chunks` yields: raw for a ZIP entry, or in the zlib wrapper (header and Adler-32) that a
 * PNG's IDAT wants.
 */
export async function deflatedEntry(
  name: string,
  chunks: Iterable<Buffer>,
  zlibWrapper = false,
): Promise<ZipEntry> {
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

/**
 * A ZIP archive of deflated entries (no ZIP64: every entry under 4 GiB). `declaredSize` is what the headers
 * claim each entry inflates to (its true size unless a test makes an archive lie).
 */
export function zipArchive(
  entries: readonly ZipEntry[],
  declaredSize: (entry: ZipEntry) => number = (entry) => entry.size,
): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const size = declaredSize(entry);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(size, 22);
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
    central.writeUInt32LE(size, 24);
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
const DOCUMENT_XML = 'word/document.xml';

export interface DocxBombOptions {
  /** What the headers claim `word/document.xml` inflates to (a lying archive); its true size by default. */
  readonly declaredXmlBytes?: number;
}

/**
 * A DOCX whose `word/document.xml` is at least `xmlBytes` of repeated paragraphs (about 1/1000 of that
 * zipped): a decompression bomb that is also a well-formed document.
 */
export async function docxBomb(xmlBytes: number, options: DocxBombOptions = {}): Promise<Buffer> {
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
  const text = (name: string, value: string) => deflatedEntry(name, [Buffer.from(value)]);
  const { declaredXmlBytes } = options;
  return zipArchive(
    [
      await text('[Content_Types].xml', CONTENT_TYPES),
      await text('_rels/.rels', ROOT_RELS),
      await deflatedEntry(DOCUMENT_XML, body()),
    ],
    (entry) =>
      entry.name === DOCUMENT_XML && declaredXmlBytes !== undefined ? declaredXmlBytes : entry.size,
  );
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
  const idat = (await deflatedEntry('idat', rows(), true)).data;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
