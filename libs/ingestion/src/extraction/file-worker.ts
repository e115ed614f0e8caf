import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WorkerAnswer } from './extraction.worker.js';
import { FileLimitError, UnreadableFileError } from './errors.js';
import { limitMessages } from './limits.js';
import type { FileTask, ProcessedFile } from './process-file.js';

export interface FileWorkerLimits {
  /** The worker's V8 heap (old generation), in MB. */
  readonly memoryMb: number;
  readonly timeoutMs: number;
}

/**
 * The compiled worker script. Next to this module when it runs from dist/; under the test runner (from the
 * TypeScript sources) the lib's dist/ copy, which `npm run build:server` writes.
 */
function fileWorkerScript(): string {
  const here = fileURLToPath(new URL('./extraction.worker.js', import.meta.url));
  if (existsSync(here)) return here;
  const built = here.replace(/\/libs\/ingestion\/src\//, '/libs/ingestion/dist/');
  if (existsSync(built)) return built;
  throw new Error(`The file worker ${built} is missing: run \`npm run build:server\``);
}

/**
 * Runs `task` in its own worker thread with a heap cap and a deadline, so a hostile file can neither
 * stop the event loop that answers requests nor take the process down: a worker out of memory or past its
 * deadline is ended (its heap freed) and the task fails with FileLimitError, which no retry can help.
 */
export function runFileTask(
  task: FileTask,
  limits: FileWorkerLimits,
  script = fileWorkerScript(),
): Promise<ProcessedFile> {
  return new Promise<ProcessedFile>((resolve, reject) => {
    let settled = false;
    const worker = new Worker(script, {
      workerData: task,
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.max(8, Math.min(64, Math.floor(limits.memoryMb / 8))),
      },
      stdout: true,
      stderr: true,
    });
    // The readers' console chatter (pdf.js font warnings) is dropped as it comes, never buffered.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() => reject(new FileLimitError(limitMessages.deadline(Math.round(limits.timeoutMs / 1000))))),
      limits.timeoutMs,
    );
    worker.once('message', (answer: WorkerAnswer) =>
      finish(() => {
        if (answer.ok) resolve(answer.result);
        else if (answer.kind === 'limit') reject(new FileLimitError(answer.message));
        else if (answer.kind === 'unreadable') reject(new UnreadableFileError(answer.message));
        else reject(new Error(answer.message));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      finish(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new FileLimitError(limitMessages.memory(limits.memoryMb))
            : error,
        ),
      ),
    );
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`The file worker stopped (exit code ${code}) before it answered`))),
    );
  });
}
