import type { UploadFileKind } from '@membolt/contracts';
import { type Chunk, chunkText } from '../domain/chunker.js';
import { extractiveSummary } from '../domain/extractive-summary.js';
import { FileLimitError } from './errors.js';
import { type ExtractionLimits, limitMessages } from './limits.js';
import { checkChars, extractText, type TextSection } from './text-extraction.js';

/** The work on one file that runs off the serving event loop (see file-worker.ts). */
export interface FileTask {
  readonly kind: UploadFileKind;
  /** The file (any kind but an image), or an image's text already read by OCR. */
  readonly source: { readonly bytes: Uint8Array } | { readonly text: string };
  readonly limits: ExtractionLimits;
  readonly chunkChars: number;
  readonly chunkOverlapChars: number;
  readonly summarySentences: number;
  readonly summaryMaxChars: number;
}

export interface ProcessedFile {
  readonly chunks: readonly Chunk[];
  /** Pages of a PDF; null for other kinds. */
  readonly pages: number | null;
  /** All the text, for the model's summary and the facts about the owner. */
  readonly fullText: string;
  /** A TextRank summary, used when no language model writes one. */
  readonly extractiveSummary: string;
}

/** Extracts, checks against the limits, chunks and summarises one file. Throws FileLimitError over a limit. */
export async function processFile(task: FileTask): Promise<ProcessedFile> {
  let sections: readonly TextSection[];
  let pages: number | null = null;
  let markdown = false;
  if ('text' in task.source) {
    sections = [{ text: task.source.text }];
    checkChars(sections, task.limits);
  } else {
    if (task.kind === 'jpg' || task.kind === 'png' || task.kind === 'gif')
      throw new Error('Images are read by OCR before their text is processed');
    const extracted = await extractText(task.kind, task.source.bytes, task.limits);
    ({ sections, pages, markdown } = extracted);
  }
  const fullText = sections.map((s) => s.text).join('\n\n');
  if (!fullText.trim()) return { chunks: [], pages, fullText, extractiveSummary: '' };
  const chunks = chunkText(sections, markdown, { size: task.chunkChars, overlap: task.chunkOverlapChars });
  // Its chunks and its summary: a file over the limit makes none, rather than a part the owner cannot see.
  if (chunks.length + 1 > task.limits.memoriesPerFile)
    throw new FileLimitError(limitMessages.memories(chunks.length + 1, task.limits.memoriesPerFile));
  const summary = extractiveSummary(fullText, {
    sentences: task.summarySentences,
    maxLength: task.summaryMaxChars,
  }).slice(0, task.summaryMaxChars);
  return { chunks, pages, fullText, extractiveSummary: summary };
}
