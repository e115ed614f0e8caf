import { describe, expect, it } from '@jest/globals';
import JSZip from 'jszip';
import { PDFDocument } from 'pdf-lib';
import { inflateSync } from 'node:zlib';
import { docxBomb, hugePng, manyPagePdf, nestedJson } from './support/hostile.js';

/** The probes' hostile files must be what they claim, or a probe would measure a refusal of garbage. */
describe('hostile inputs of the abuse probes', () => {
  it('a DOCX bomb is a valid zip whose document.xml inflates to the asked size', async () => {
    const file = await docxBomb(4 << 20);
    expect(file.length).toBeLessThan(64 * 1024);
    const zip = await JSZip.loadAsync(file);
    expect(Object.keys(zip.files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'word/document.xml',
    ]);
    const xml = (await zip.file('word/document.xml')?.async('string')) ?? '';
    expect(xml.length).toBeGreaterThanOrEqual(4 << 20);
    expect(xml).toMatch(/^<\?xml[^>]*\?><w:document [^>]*><w:body><w:p>/);
    expect(xml.endsWith('</w:body></w:document>')).toBe(true);
  });

  it('a many-page PDF has that many pages', async () => {
    const pdf = await PDFDocument.load(manyPagePdf(250));
    expect(pdf.getPageCount()).toBe(250);
  });

  it('a huge PNG declares its size and its pixels inflate to the full image', async () => {
    const png = await hugePng(3000, 2000);
    expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(3000);
    expect(png.readUInt32BE(20)).toBe(2000);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const pixels = inflateSync(png.subarray(41, 41 + idatLength));
    expect(pixels.length).toBe(2000 * (1 + 3000));
  });

  it('nested JSON is as deep as asked', () => {
    let value: unknown = JSON.parse(nestedJson(50));
    let depth = 0;
    while (value && typeof value === 'object' && 'a' in value) {
      value = (value as { a: unknown }).a;
      depth++;
    }
    expect(depth).toBe(50);
  });
});
