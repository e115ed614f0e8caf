/**
 * Where an upload's bytes wait for their job: its parts as they arrive, then the whole file until
 * processing ends (or for good, by operator choice). Keys are upload ids (server-issued UUIDs).
 */
export interface FileStore {
  /** Stores one part (idempotent: the same index again replaces it). */
  putPart(uploadId: string, index: number, bytes: Uint8Array): Promise<void>;
  /** The part indexes stored so far, and their total size. */
  parts(uploadId: string): Promise<{ indexes: number[]; bytes: number }>;
  /** Joins parts 0..count-1 into the file and drops the parts. */
  assemble(uploadId: string, count: number): Promise<void>;
  read(uploadId: string): Promise<Uint8Array>;
  /** Bytes `start` to `start + length` of the file (fewer at its end), without reading the rest. */
  readRange(uploadId: string, start: number, length: number): Promise<Uint8Array>;
  exists(uploadId: string): Promise<boolean>;
  /** Removes the file and any parts; false when nothing was there. */
  delete(uploadId: string): Promise<boolean>;
}

export const FILE_STORE = Symbol('FILE_STORE');
