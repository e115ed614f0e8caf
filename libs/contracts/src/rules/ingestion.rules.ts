/**
 * Upload rules shared by the server and the web app (browser-safe). docs/requirements/web-app.md (the chat's upload button,
 * its accepted types and texts), docs/requirements/rest-gateway.md (`POST {gateway}/upload_base64`), docs/requirements/product-decisions.md
 * (types checked by content, 10 MB default limit).
 */

/** The file picker's extensions (docs/requirements/web-app.md, Validation), plus Markdown. */
export const UPLOAD_ACCEPTED_EXTENSIONS = [
  '.pdf',
  '.jpg',
  '.jpeg',
  '.png',
  '.gif',
  '.doc',
  '.docx',
  '.txt',
  '.md',
] as const;

/** The kinds of file the ingestion service reads, decided from the content (magic bytes, UTF-8 check). */
export const UPLOAD_FILE_KINDS = ['pdf', 'docx', 'doc', 'txt', 'md', 'jpg', 'png', 'gif'] as const;
export type UploadFileKind = (typeof UPLOAD_FILE_KINDS)[number];

/** The largest file, unless the operator sets UPLOAD_MAX_BYTES. */
export const DEFAULT_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
/** A file crosses the bus in parts of at most this many bytes (NATS' default payload limit is 1 MB). */
export const UPLOAD_PART_BYTES = 512 * 1024;
export const UPLOAD_FILE_NAME_MAX_LENGTH = 255;

/** An upload's life: received in parts, then a job extracts, chunks, embeds and summarises it. */
export const UPLOAD_STATES = [
  'receiving',
  'queued',
  'extracting',
  'chunking',
  'embedding',
  'summarising',
  'done',
  'failed',
] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];
export const FINISHED_UPLOAD_STATES: readonly UploadState[] = ['done', 'failed'];

export const UPLOAD_LIST_DEFAULT_LIMIT = 20;
export const UPLOAD_LIST_MAX_LIMIT = 100;

export const UploadMessages = {
  fileNameRequired: 'fileName is required',
  fileDataRequired: 'fileData is required (the file, base64-encoded)',
  fileDataNotBase64: 'fileData must be base64',
  fileSizeMismatch: (declared: number, actual: number) =>
    `fileSize says ${declared} bytes but fileData holds ${actual}`,
  tooLarge: (maxBytes: number) => `The file is larger than the upload limit (${formatBytes(maxBytes)}).`,
  emptyFile: 'The file is empty.',
  unsupportedType: (detected: string) =>
    `Unsupported file type: ${detected}. Accepted: PDF, DOCX, DOC, TXT, Markdown, JPG, PNG, GIF.`,
  typeMismatch: (detected: string, declared: string) =>
    `The file's content is ${detected}, but its name or type says ${declared}.`,
  uploadNotFound: 'Upload not found',
  uploadIncomplete: (missing: number) => `The upload is missing ${missing} part(s).`,
  /** docs/requirements/web-app.md, Error texts. */
  uploadFailedStatus: (status: number) => `Upload failed with status: ${status}`,
  failedToUpload: (name: string, message: string) => `Failed to upload file: ${name}. ${message}`,
  failedGeneric: 'Failed to upload file. Please try again or check your connection.',
  deleteConfirmation: 'Delete this file and every memory made from it? This action cannot be undone.',
  emptyTitle: 'No files yet',
  emptyHint: 'Upload a PDF, Word document, text file or image from the chat.',
  loadFailed: 'Failed to load files. Please try again later.',
  deleteFailed: 'Failed to delete file. Please try again.',
} as const;

/** "10 MB", "512 KB": the limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
