import { describe, expect, it } from '@jest/globals';
import { sampleDocx } from '../testing/sample-files.js';
import { FileLimitError, UnreadableFileError } from './errors.js';
import { checkImage, imageSize } from './image-size.js';
import { checkZip } from './zip-guard.js';

/** A JPEG's first segments: SOI, an APP0 of `appBytes`, then a start-of-frame `marker` with the size. */
function jpegHeader(width: number, height: number, marker = 0xc0, appBytes = 16): Buffer {
  const app = Buffer.alloc(2 + appBytes);
  app.writeUInt16BE(appBytes + 2, 0);
  const sof = Buffer.alloc(2 + 15);
  sof.writeUInt16BE(17, 0);
  sof[2] = 8;
  sof.writeUInt16BE(height, 3);
  sof.writeUInt16BE(width, 5);
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), app, Buffer.from([0xff, marker]), sof]);
}

function pngHeader(width: number, height: number): Buffer {
  const header = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(header, 0);
  header.writeUInt32BE(13, 8);
  header.write('IHDR', 12, 'latin1');
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('image sizes from the header, before decoding', () => {
  it('reads PNG, GIF and JPEG (baseline and progressive, after an APP segment)', () => {
    expect(imageSize('png', pngHeader(20_000, 20_000))).toEqual({ width: 20_000, height: 20_000 });
    const gif = Buffer.from('GIF89a\x40\x01\xf0\x00', 'latin1');
    expect(imageSize('gif', gif)).toEqual({ width: 320, height: 240 });
    expect(imageSize('jpg', jpegHeader(4032, 3024))).toEqual({ width: 4032, height: 3024 });
    expect(imageSize('jpg', jpegHeader(640, 480, 0xc2, 300))).toEqual({ width: 640, height: 480 });
  });

  it('refuses an image over the pixel limit, naming its size and the setting', () => {
    expect(() => checkImage('png', pngHeader(20_000, 20_000), { imageMaxPixels: 50_000_000 })).toThrow(
      new FileLimitError(
        'The image is 20000 x 20000 pixels, over the 50,000,000 pixels allowed (INGESTION_IMAGE_MAX_PIXELS); send a smaller image.',
      ),
    );
    expect(() => checkImage('jpg', jpegHeader(4032, 3024), { imageMaxPixels: 50_000_000 })).not.toThrow();
  });

  it('fails an image whose header gives no size as unreadable', () => {
    expect(() => checkImage('jpg', Buffer.from([0xff, 0xd8, 0x00, 0x00]), { imageMaxPixels: 10 })).toThrow(
      UnreadableFileError,
    );
  });
});

describe('zip checks of a DOCX', () => {
  it('lets a real Word document through', async () => {
    const docx = await sampleDocx([{ heading: 'Notes', paragraphs: ['A short note.'] }]);
    await expect(
      checkZip(docx, { archiveMaxBytes: 1024 * 1024, archiveMaxEntries: 100 }),
    ).resolves.toBeUndefined();
  });

  it('refuses more parts than allowed, and a file that is no zip', async () => {
    const docx = await sampleDocx([{ paragraphs: ['A short note.'] }]);
    await expect(checkZip(docx, { archiveMaxBytes: 1024 * 1024, archiveMaxEntries: 3 })).rejects.toThrow(
      /parts, over the 3 allowed \(INGESTION_ARCHIVE_MAX_ENTRIES\)/,
    );
    await expect(
      checkZip(Buffer.from('not a zip at all, just text'), { archiveMaxBytes: 1024, archiveMaxEntries: 3 }),
    ).rejects.toThrow(/could not be read.*no zip directory/);
  });
});
