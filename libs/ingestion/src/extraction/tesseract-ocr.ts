import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Worker } from 'tesseract.js';
import { type ImageTextReader, UnreadableFileError } from './text-extraction.js';

/** The English model shipped by `@tesseract.js-data/eng` (installed from the registry, never fetched). */
function englishLanguagePath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/**
 * OCR with tesseract.js: its engine runs in a worker thread (off the event loop that answers requests),
 * started on first use and kept for the next images; one image at a time.
 */
export class TesseractImageReader implements ImageTextReader {
  private worker: Promise<Worker> | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  async read(bytes: Uint8Array): Promise<string> {
    const run = this.queue.then(async () => {
      const worker = await this.start();
      try {
        // A data URL: a string crosses into the worker the same from any realm (a Buffer did not under jest's VM).
        const { data } = await worker.recognize(
          `data:image/png;base64,${Buffer.from(bytes).toString('base64')}`,
        );
        return data.text;
      } catch (error) {
        throw new UnreadableFileError(
          `The image could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await (await worker).terminate();
  }

  private start(): Promise<Worker> {
    // tesseract.js itself is loaded here, at the first image, not when the process starts (decision 182).
    this.worker ??= import('tesseract.js').then(({ createWorker, OEM }) =>
      createWorker('eng', OEM.LSTM_ONLY, {
        langPath: englishLanguagePath(),
        cacheMethod: 'none',
        gzip: true,
        // Without a handler tesseract.js rethrows a failed job's error outside any promise, which ends the
        // process; the job's own promise is rejected either way.
        errorHandler: () => undefined,
      }),
    );
    return this.worker;
  }
}
