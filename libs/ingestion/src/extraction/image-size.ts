import type { UploadFileKind } from '@membolt/contracts';
import { FileLimitError, UnreadableFileError } from './errors.js';
import { type ExtractionLimits, limitMessages } from './limits.js';

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/**
 * An image's dimensions from its header alone (PNG IHDR, GIF logical screen, JPEG start-of-frame), so a
 * file claiming 20000 x 20000 pixels is refused before a decoder allocates them. Null when not found.
 */
export function imageSize(kind: UploadFileKind, bytes: Uint8Array): ImageSize | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (kind === 'png') {
    if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  }
  if (kind === 'gif') {
    if (buf.length < 10) return null;
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  }
  if (kind === 'jpg') {
    let at = 2;
    while (at + 9 < buf.length) {
      if (buf[at] !== 0xff) return null;
      const marker = buf[at + 1] ?? 0;
      if (marker === 0xff) {
        at++;
        continue;
      }
      // SOF0-SOF15, not DHT (C4), JPG (C8) or DAC (CC): height, then width.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { height: buf.readUInt16BE(at + 5), width: buf.readUInt16BE(at + 7) };
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        at += 2;
        continue;
      }
      at += 2 + buf.readUInt16BE(at + 2);
    }
  }
  return null;
}

/** Refuses an image over the pixel limit, or one whose header gives no size. */
export function checkImage(
  kind: UploadFileKind,
  bytes: Uint8Array,
  limits: Pick<ExtractionLimits, 'imageMaxPixels'>,
): void {
  const size = imageSize(kind, bytes);
  if (!size || size.width === 0 || size.height === 0)
    throw new UnreadableFileError(
      'The image could not be read (damaged or truncated): its header gives no size.',
    );
  if (size.width * size.height > limits.imageMaxPixels)
    throw new FileLimitError(limitMessages.imagePixels(size.width, size.height, limits.imageMaxPixels));
}
