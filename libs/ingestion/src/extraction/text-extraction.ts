import type { UploadFileKind } from '@membolt/contracts';
import { createRequire } from 'node:module';

// Each reader (unpdf, mammoth, word-extractor) is loaded when the first file of its kind arrives, not when
// the service starts: a deployment that never sees a .doc never loads word-extractor.

/** word-extractor (CommonJS, untyped): reads Word 97-2003 `.doc` files. */
type WordExtractorClass = new () => { extract(source: Buffer): Promise<{ getBody(): string }> };
const loadWordExtractor = (): WordExtractorClass =>
  createRequire(import.meta.url)('word-extractor') as WordExtractorClass;

/** A run of text from one place in the file: a page of a PDF, or the whole of a document. */
export interface TextSection {
  readonly text: string;
  /** 1-based page number (PDF). */
  readonly page?: number;
}

export interface ExtractedText {
  readonly sections: readonly TextSection[];
  /** Pages of a PDF; null for other kinds. */
  readonly pages: number | null;
  /** Whether the text carries Markdown headings (`#`) the chunker may follow. */
  readonly markdown: boolean;
}

/** The file cannot be read (encrypted, damaged, truncated): retrying cannot help. */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** Reads images' text (OCR); a port so it can run off the request path, in a worker. */
export interface ImageTextReader {
  read(bytes: Uint8Array): Promise<string>;
}

export async function extractText(
  kind: UploadFileKind,
  bytes: Uint8Array,
  ocr: ImageTextReader,
): Promise<ExtractedText> {
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes);
    case 'docx':
      return extractDocx(bytes);
    case 'doc':
      return extractDoc(bytes);
    case 'txt':
    case 'md':
      return {
        sections: [{ text: new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '') }],
        pages: null,
        markdown: kind === 'md',
      };
    case 'jpg':
    case 'png':
    case 'gif':
      return { sections: [{ text: await ocr.read(bytes) }], pages: null, markdown: false };
  }
}

async function extractPdf(bytes: Uint8Array): Promise<ExtractedText> {
  const { extractText: extractPdfText, getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new UnreadableFileError('The PDF is password-protected (encrypted); upload an unprotected copy.');
    }
    throw new UnreadableFileError(`The PDF could not be read (damaged or truncated): ${messageOf(error)}`);
  }
  try {
    const { totalPages, text } = await extractPdfText(pdf, { mergePages: false });
    return {
      sections: text.map((pageText, i) => ({ text: pageText, page: i + 1 })),
      pages: totalPages,
      markdown: false,
    };
  } catch (error) {
    throw new UnreadableFileError(`The PDF could not be read (damaged or truncated): ${messageOf(error)}`);
  } finally {
    await (pdf as unknown as { destroy?: () => Promise<void> }).destroy?.();
  }
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/** mammoth's HTML (headings, paragraphs, lists, tables) as Markdown-ish text the chunker understands. */
export function htmlToText(html: string): string {
  return html
    .replace(/<h([1-6])[^>]*>([\s\S]*?)<\/h\1>/g, (_, level: string, inner: string) => {
      return `\n\n${'#'.repeat(Number(level))} ${inner.replace(/<[^>]+>/g, '')}\n\n`;
    })
    .replace(/<\/(p|li|tr|table|ul|ol)>|<br\s*\/?>/g, '\n\n')
    .replace(/<\/t[dh]>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function extractDocx(bytes: Uint8Array): Promise<ExtractedText> {
  const { default: mammoth } = await import('mammoth');
  try {
    const { value } = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
    return { sections: [{ text: htmlToText(value) }], pages: null, markdown: true };
  } catch (error) {
    throw new UnreadableFileError(
      `The Word document could not be read (damaged or encrypted): ${messageOf(error)}`,
    );
  }
}

async function extractDoc(bytes: Uint8Array): Promise<ExtractedText> {
  const WordExtractor = loadWordExtractor();
  try {
    const document = await new WordExtractor().extract(Buffer.from(bytes));
    return { sections: [{ text: document.getBody() }], pages: null, markdown: false };
  } catch (error) {
    throw new UnreadableFileError(
      `The Word 97-2003 document could not be read (damaged or encrypted): ${messageOf(error)}`,
    );
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
