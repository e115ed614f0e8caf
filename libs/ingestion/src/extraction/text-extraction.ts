import type { UploadFileKind } from '@membolt/contracts';
import { createRequire } from 'node:module';
import { FileLimitError, UnreadableFileError } from './errors.js';
import { type ExtractionLimits, limitMessages } from './limits.js';
import { checkZip } from './zip-guard.js';

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

export { UnreadableFileError } from './errors.js';

/** Reads images' text (OCR); a port so it can run off the request path, in a worker. */
export interface ImageTextReader {
  read(bytes: Uint8Array): Promise<string>;
  /** Ends the reader's work in progress and frees it (the next read starts afresh). */
  close?(): Promise<void>;
}

/** The text of a file other than an image (images are read by OCR, see `ImageTextReader`), within `limits`. */
export async function extractText(
  kind: Exclude<UploadFileKind, 'jpg' | 'png' | 'gif'>,
  bytes: Uint8Array,
  limits: ExtractionLimits,
): Promise<ExtractedText> {
  let extracted: ExtractedText;
  switch (kind) {
    case 'pdf':
      return extractPdf(bytes, limits);
    case 'docx':
      await checkZip(bytes, limits);
      extracted = await extractDocx(bytes);
      break;
    case 'doc':
      extracted = await extractDoc(bytes);
      break;
    case 'txt':
    case 'md':
      extracted = {
        sections: [{ text: new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '') }],
        pages: null,
        markdown: kind === 'md',
      };
      break;
  }
  checkChars(extracted.sections, limits);
  return extracted;
}

/** Refuses text over the character limit. */
export function checkChars(
  sections: readonly TextSection[],
  limits: Pick<ExtractionLimits, 'textMaxChars'>,
): void {
  let chars = 0;
  for (const section of sections) {
    chars += section.text.length;
    if (chars > limits.textMaxChars) throw new FileLimitError(limitMessages.textChars(limits.textMaxChars));
  }
}

async function extractPdf(bytes: Uint8Array, limits: ExtractionLimits): Promise<ExtractedText> {
  const { getDocumentProxy } = await import('unpdf');
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
    // The page count is in the document's catalogue: known before any page is read.
    if (pdf.numPages > limits.pdfMaxPages)
      throw new FileLimitError(limitMessages.pdfPages(pdf.numPages, limits.pdfMaxPages));
    const sections: TextSection[] = [];
    let chars = 0;
    for (let page = 1; page <= pdf.numPages; page++) {
      const text = await pageText(pdf, page);
      chars += text.length;
      if (chars > limits.textMaxChars) throw new FileLimitError(limitMessages.textChars(limits.textMaxChars));
      sections.push({ text, page });
    }
    return { sections, pages: pdf.numPages, markdown: false };
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(`The PDF could not be read (damaged or truncated): ${messageOf(error)}`);
  } finally {
    await (pdf as unknown as { destroy?: () => Promise<void> }).destroy?.();
  }
}

/** One page's text as unpdf joins it (line ends kept), read one page at a time and released. */
async function pageText(
  pdf: {
    getPage(n: number): Promise<{ getTextContent(): Promise<{ items: unknown[] }>; cleanup(): unknown }>;
  },
  pageNumber: number,
): Promise<string> {
  const page = await pdf.getPage(pageNumber);
  try {
    const content = await page.getTextContent();
    return content.items
      .map((item) => item as { str?: string; hasEOL?: boolean })
      .filter((item) => item.str != null)
      .map((item) => `${item.str}${item.hasEOL ? '\n' : ''}`)
      .join('');
  } finally {
    page.cleanup();
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
function htmlToText(html: string): string {
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
    // Pictures carry no text: they are never read (mammoth would inline each one as base64).
    const { value } = await mammoth.convertToHtml(
      { buffer: Buffer.from(bytes) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
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
