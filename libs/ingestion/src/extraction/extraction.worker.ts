// The entry of the worker thread that reads one file (see file-worker.ts): it gets its task as workerData,
// posts one answer and ends, so everything it allocated goes with it.
import { parentPort, workerData } from 'node:worker_threads';
import { FileLimitError, UnreadableFileError } from './errors.js';
import { type FileTask, processFile } from './process-file.js';

export type WorkerAnswer =
  | { readonly ok: true; readonly result: Awaited<ReturnType<typeof processFile>> }
  | { readonly ok: false; readonly kind: 'limit' | 'unreadable' | 'error'; readonly message: string };

const answer = async (): Promise<WorkerAnswer> => {
  try {
    return { ok: true, result: await processFile(workerData as FileTask) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof FileLimitError) return { ok: false, kind: 'limit', message };
    if (error instanceof UnreadableFileError) return { ok: false, kind: 'unreadable', message };
    return { ok: false, kind: 'error', message };
  }
};

parentPort?.postMessage(await answer());
