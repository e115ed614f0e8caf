/** The file cannot be read (encrypted, damaged, truncated): retrying cannot help. */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** A file over one of the limits (limits.ts): retrying cannot help, so the upload fails at once. */
export class FileLimitError extends UnreadableFileError {
  constructor(message: string) {
    super(message);
    this.name = 'FileLimitError';
  }
}
