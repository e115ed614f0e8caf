export { FileLimitError } from './errors.js';

/** What one file may cause; each is a setting (docs/configuration.md) with a safe default. */
export interface ExtractionLimits {
  /** Bytes a Word document (a zip) may hold once unpacked, all its parts together. */
  readonly archiveMaxBytes: number;
  /** Parts (zip entries) a Word document may hold. */
  readonly archiveMaxEntries: number;
  readonly pdfMaxPages: number;
  /** Characters of text one file may yield. */
  readonly textMaxChars: number;
  /** Memories one file may make: its chunks and its summary. */
  readonly memoriesPerFile: number;
  /** Width x height of an image, read from its header before anything is decoded. */
  readonly imageMaxPixels: number;
}

const grouped = (n: number): string => n.toLocaleString('en-US');

/** 1.5 MB, 100 MB: the sizes people read. */
function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

export const limitMessages = {
  archiveDeclared: (declared: number, max: number) =>
    `The Word document would unpack to ${sizeText(declared)}, over the ${sizeText(max)} allowed (INGESTION_ARCHIVE_MAX_BYTES); it was not read.`,
  archiveInflated: (max: number) =>
    `The Word document unpacks to more than the ${sizeText(max)} allowed (INGESTION_ARCHIVE_MAX_BYTES), more than its own headers declare; it was not read.`,
  archiveEntries: (entries: number, max: number) =>
    `The Word document holds ${grouped(entries)} parts, over the ${grouped(max)} allowed (INGESTION_ARCHIVE_MAX_ENTRIES); it was not read.`,
  pdfPages: (pages: number, max: number) =>
    `The PDF has ${grouped(pages)} pages, over the ${grouped(max)} allowed (INGESTION_PDF_MAX_PAGES); split it into smaller files.`,
  textChars: (max: number) =>
    `The file holds more than ${grouped(max)} characters of text, the most one file may hold (INGESTION_TEXT_MAX_CHARS); split it into smaller files.`,
  memories: (memories: number, max: number) =>
    `The file would make ${grouped(memories)} memories, over the ${grouped(max)} one file may make (INGESTION_MEMORIES_PER_FILE); split it into smaller files.`,
  imagePixels: (width: number, height: number, max: number) =>
    `The image is ${width} x ${height} pixels, over the ${grouped(max)} pixels allowed (INGESTION_IMAGE_MAX_PIXELS); send a smaller image.`,
  deadline: (seconds: number) =>
    `Reading the file took longer than ${grouped(seconds)} s (INGESTION_EXTRACT_TIMEOUT_SECONDS); it was stopped.`,
  memory: (megabytes: number) =>
    `Reading the file needed more than ${grouped(megabytes)} MB of memory (INGESTION_WORKER_MEMORY_MB); it was stopped.`,
};
