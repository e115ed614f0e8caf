import type { TextSection } from '../extraction/text-extraction.js';

export interface ChunkOptions {
  /** Longest chunk, in characters. */
  readonly size: number;
  /** Characters of the previous chunk's end repeated at the start of the next (whole sentences). */
  readonly overlap: number;
}

export interface Chunk {
  readonly index: number;
  readonly text: string;
  readonly page: number | null;
  /** The nearest heading above the chunk (Markdown or Word headings). */
  readonly section: string | null;
  /**
   * The chunk's text with its paragraphs apart (`text` joins them into one line): what facts are read from, so
   * that a heading does not run into the sentence after it.
   */
  readonly paragraphs: string;
}

interface Block {
  readonly text: string;
  readonly page: number | null;
  readonly section: string | null;
}

/**
 * A sentence ends at end marks followed by a space, a closing quote or bracket, a line end or the text's end; a
 * mark inside a token ("3.5", "v1.2", "example.com") does not end it. Each character matches exactly one
 * branch, so matching stays linear on hostile text. Not Intl.Segmenter: V8 copies the whole input into every
 * segment it yields, quadratic in the text (99 KB took 1.7 s, 1 MB ran out of heap; decision 155).
 */
const SENTENCE = /(?:[^.!?\n]|[.!?](?=[^\s"')\]]))+(?:[.!?]+["')\]]*|\n|$)\s*/g;

/** Sentences of a paragraph, each with its trailing space; text without end marks is one sentence. */
export function sentencesOf(text: string): string[] {
  return (text.match(SENTENCE) ?? []).map((s) => s).filter((s) => s.trim().length > 0);
}

/** Cuts text longer than `size` at word boundaries (a sentence longer than a chunk). */
function hardSplit(text: string, size: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > size) {
    const cut = rest.lastIndexOf(' ', size);
    const at = cut > size / 2 ? cut : size;
    parts.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

/** Paragraphs with their page and heading; Markdown headings set the section and are kept as text. */
function blocksOf(sections: readonly TextSection[], markdown: boolean): Block[] {
  const blocks: Block[] = [];
  let heading: string | null = null;
  for (const section of sections) {
    const page = section.page ?? null;
    const paragraphs = section.text.replace(/\r\n?/g, '\n').split(/\n\s*\n/);
    for (const raw of paragraphs) {
      const text = raw.replace(/[ \t]+/g, ' ').trim();
      if (!text) continue;
      const headingMatch = markdown ? /^(#{1,6})\s+(.+)$/.exec(text.split('\n')[0] ?? '') : null;
      if (headingMatch?.[2]) heading = headingMatch[2].trim();
      blocks.push({ text: text.replace(/\n/g, markdown ? '\n' : ' '), page, section: heading });
    }
  }
  return blocks;
}

/**
 * Chunks by structure: paragraphs are packed into chunks of at most `size` characters, never across a
 * page or a heading; a paragraph too long is cut between sentences (a sentence too long, between words).
 * Each chunk after the first of a run starts with the last whole sentences of the previous one, up to
 * `overlap` characters.
 */
export function chunkText(
  sections: readonly TextSection[],
  markdown: boolean,
  options: ChunkOptions,
): Chunk[] {
  const chunks: Chunk[] = [];
  let current: string[] = [];
  let currentLength = 0;
  let place: { page: number | null; section: string | null } | null = null;

  const flush = (carry: boolean): void => {
    if (!current.length || !place) return;
    const text = current.join(' ').replace(/\s+\n/g, '\n').trim();
    if (text) {
      const paragraphs = current.join('\n\n').trim();
      chunks.push({ index: chunks.length, text, page: place.page, section: place.section, paragraphs });
    }
    const tail: string[] = [];
    if (carry && options.overlap > 0) {
      let length = 0;
      for (let i = current.length - 1; i >= 0; i--) {
        const piece = current[i] ?? '';
        if (length + piece.length > options.overlap) break;
        tail.unshift(piece);
        length += piece.length + 1;
      }
    }
    current = tail;
    currentLength = tail.reduce((sum, piece) => sum + piece.length + 1, 0);
  };

  for (const block of blocksOf(sections, markdown)) {
    if (place && (place.page !== block.page || place.section !== block.section)) {
      flush(false);
      current = [];
      currentLength = 0;
    }
    place = { page: block.page, section: block.section };
    const pieces =
      block.text.length <= options.size
        ? [block.text]
        : sentencesOf(block.text).flatMap((sentence) => hardSplit(sentence, options.size));
    for (const piece of pieces) {
      if (currentLength > 0 && currentLength + piece.length + 1 > options.size) flush(true);
      // An overlap that leaves no room for the next piece is dropped.
      if (currentLength > 0 && currentLength + piece.length + 1 > options.size) {
        current = [];
        currentLength = 0;
      }
      current.push(piece.trim());
      currentLength += piece.length + 1;
    }
  }
  flush(false);
  return chunks;
}
