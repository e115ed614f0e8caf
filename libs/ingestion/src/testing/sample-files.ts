import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF written with pdf-lib: one page per entry, each line drawn as text. */
export async function samplePdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([612, 792]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 740 - i * 18, size: 11, font }));
  }
  return doc.save();
}

export interface DocxBlock {
  readonly heading?: string;
  readonly paragraphs: readonly string[];
}

/** A real DOCX written with the docx library: headings and paragraphs. */
export async function sampleDocx(blocks: readonly DocxBlock[]): Promise<Uint8Array> {
  const children: Paragraph[] = [];
  for (const block of blocks) {
    if (block.heading) children.push(new Paragraph({ text: block.heading, heading: HeadingLevel.HEADING_1 }));
    for (const text of block.paragraphs) children.push(new Paragraph({ text }));
  }
  const doc = new Document({ sections: [{ children }] });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** The first bytes of a Linux executable (ELF), padded: what a renamed program looks like. */
export function sampleExecutable(): Uint8Array {
  const bytes = new Uint8Array(4096);
  bytes.set([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
  bytes.set([0x02, 0x00, 0x3e, 0x00, 0x01, 0x00, 0x00, 0x00], 16);
  for (let i = 64; i < bytes.length; i++) bytes[i] = (i * 31) & 0xff;
  return bytes;
}

/** A PDF cut off after its header and first objects: what an interrupted download looks like. */
export async function truncatedPdf(): Promise<Uint8Array> {
  const whole = await samplePdf([['This file was cut short.']]);
  return whole.slice(0, Math.floor(whole.length / 3));
}
