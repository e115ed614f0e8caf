import { createInflateRaw } from 'node:zlib';
import { FileLimitError, UnreadableFileError } from './errors.js';
import { type ExtractionLimits, limitMessages } from './limits.js';

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

interface Entry {
  readonly method: number;
  readonly compressedSize: number;
  readonly size: number;
  readonly localOffset: number;
}

const damaged = (why: string) =>
  new UnreadableFileError(
    `The Word document could not be read (damaged, encrypted or not a Word file): ${why}.`,
  );

/**
 * Checks a zip (a DOCX) before any reader unpacks it: its part count and the sizes its central directory
 * declares, then each part is inflated (streamed, counted, never held) up to the remaining budget, so a zip bomb whose
 * headers lie is stopped at the cap instead of filling memory. Throws FileLimitError over a limit.
 */
export async function checkZip(
  bytes: Uint8Array,
  limits: Pick<ExtractionLimits, 'archiveMaxBytes' | 'archiveMaxEntries'>,
): Promise<void> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readDirectory(buf, limits.archiveMaxEntries);
  const declared = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (declared > limits.archiveMaxBytes)
    throw new FileLimitError(limitMessages.archiveDeclared(declared, limits.archiveMaxBytes));
  let budget = limits.archiveMaxBytes;
  for (const entry of entries) {
    if (entry.localOffset + 30 > buf.length || buf.readUInt32LE(entry.localOffset) !== LOCAL_HEADER)
      throw damaged('a part points outside the file');
    const start =
      entry.localOffset +
      30 +
      buf.readUInt16LE(entry.localOffset + 26) +
      buf.readUInt16LE(entry.localOffset + 28);
    const data = buf.subarray(start, start + entry.compressedSize);
    if (data.length !== entry.compressedSize) throw damaged('a part is cut short');
    let produced: number;
    if (entry.method === 0) produced = data.length;
    else if (entry.method === 8) produced = await inflatedSize(data, budget, limits.archiveMaxBytes);
    else throw damaged(`a part uses compression method ${entry.method}`);
    budget -= produced;
    if (budget < 0) throw new FileLimitError(limitMessages.archiveInflated(limits.archiveMaxBytes));
  }
}

/**
 * The size a deflated part inflates to, counted as it streams (small pieces, each dropped at once), ended
 * as soon as it passes `budget`: a lying zip never gets more than the budget inflated, nor held.
 */
function inflatedSize(data: Buffer, budget: number, max: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const inflate = createInflateRaw();
    let produced = 0;
    inflate.on('data', (piece: Buffer) => {
      produced += piece.length;
      if (produced > budget) {
        inflate.destroy();
        reject(new FileLimitError(limitMessages.archiveInflated(max)));
      }
    });
    inflate.on('error', () => reject(damaged('a part does not inflate')));
    inflate.on('end', () => resolve(produced));
    inflate.end(data);
  });
}

function readDirectory(buf: Buffer, maxEntries: number): Entry[] {
  let end = -1;
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw damaged('no zip directory');
  let count = buf.readUInt16LE(end + 10);
  let offset = buf.readUInt32LE(end + 16);
  if (
    (count === 0xffff || offset === 0xffffffff) &&
    end >= 20 &&
    buf.readUInt32LE(end - 20) === ZIP64_LOCATOR
  ) {
    const at = Number(buf.readBigUInt64LE(end - 12));
    if (at + 56 > buf.length || buf.readUInt32LE(at) !== ZIP64_END) throw damaged('a broken ZIP64 directory');
    count = Number(buf.readBigUInt64LE(at + 32));
    offset = Number(buf.readBigUInt64LE(at + 48));
  }
  if (count > maxEntries) throw new FileLimitError(limitMessages.archiveEntries(count, maxEntries));
  const entries: Entry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > buf.length || buf.readUInt32LE(at) !== DIRECTORY_ENTRY)
      throw damaged('a broken zip directory');
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    let compressedSize = buf.readUInt32LE(at + 20);
    let size = buf.readUInt32LE(at + 24);
    let localOffset = buf.readUInt32LE(at + 42);
    // ZIP64 sizes live in the extra field (id 1), in this order, for each value saturated above.
    const extra = buf.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength);
    for (let e = 0; e + 4 <= extra.length;) {
      const id = extra.readUInt16LE(e);
      const length = extra.readUInt16LE(e + 2);
      if (id === 1) {
        let p = e + 4;
        const next = (): number => {
          const value = p + 8 <= e + 4 + length ? Number(extra.readBigUInt64LE(p)) : 0;
          p += 8;
          return value;
        };
        if (size === 0xffffffff) size = next();
        if (compressedSize === 0xffffffff) compressedSize = next();
        if (localOffset === 0xffffffff) localOffset = next();
      }
      e += 4 + length;
    }
    entries.push({ method: buf.readUInt16LE(at + 10), compressedSize, size, localOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
