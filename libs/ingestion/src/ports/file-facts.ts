import type { MemoryScopeFields } from '@membolt/contracts';

/** A piece of an uploaded file's text to learn from (one chunk), with the upload it came from and its scope. */
export interface FileTextPiece {
  readonly text: string;
  readonly uploadId: string;
  readonly fileName: string;
  readonly chunkIndex: number;
  readonly scope: MemoryScopeFields;
}

export interface FileFactsOutcome {
  readonly added: number;
  readonly updated: number;
  readonly skipped: number;
  readonly closed: number;
}

/**
 * The chat service's fact learning, as the ingestion job uses it (over the bus, acting as the upload's
 * owner): the facts a file states about its owner go through the same rules as a chat exchange (add, update,
 * skip a repeat, close a contradiction). Safe to repeat: a fact already stored in the same words is skipped.
 */
export interface FileFacts {
  learn(userId: string, piece: FileTextPiece): Promise<FileFactsOutcome>;
}

export const FILE_FACTS = Symbol('FILE_FACTS');
