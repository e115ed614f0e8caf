import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_EXTRACTION_LIMITS } from '../ingestion.options.js';
import { deflatedEntry, zipArchive } from '../testing/hostile-files.js';
import { sampleDocx } from '../testing/sample-files.js';
import { FileLimitError } from './errors.js';
import { runFileTask } from './file-worker.js';
import type { FileTask } from './process-file.js';

const MiB = 1024 * 1024;

const task = (source: FileTask['source'], kind: FileTask['kind'], limits = {}): FileTask => ({
  kind,
  source,
  limits: { ...DEFAULT_EXTRACTION_LIMITS, ...limits },
  chunkChars: 1000,
  chunkOverlapChars: 150,
  summarySentences: 3,
  summaryMaxChars: 600,
});
const generous = { memoryMb: 256, timeoutMs: 60_000 };

/** A one-entry zip whose entry inflates to `size` spaces; `declared` is what its headers claim. */
const zipOfSpaces = async (size: number, declared = size): Promise<Buffer> =>
  zipArchive([await deflatedEntry('word/document.xml', [Buffer.alloc(size, 0x20)])], () => declared);

describe('the file worker: limits, a heap cap and a deadline off the event loop', () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-file-worker-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** A stand-in worker script that misbehaves as asked, to show the runner's bounds hold. */
  const misbehaving = (name: string, body: string): string => {
    const path = join(dir, `${name}.mjs`);
    writeFileSync(path, `import { parentPort } from 'node:worker_threads';\n${body}\n`);
    return path;
  };

  it('reads a real DOCX into chunks and a summary in the worker', async () => {
    const docx = await sampleDocx([
      { heading: 'Beekeeping', paragraphs: ['The hives on the Lisbon roof gave eleven kilos of honey.'] },
    ]);
    const result = await runFileTask(task({ bytes: docx }, 'docx'), generous);
    expect(result.fullText).toContain('eleven kilos of honey');
    expect(result.chunks.length).toBeGreaterThanOrEqual(1);
    expect(result.extractiveSummary).toContain('honey');
  });

  it('refuses a zip whose declared size is over the cap, before inflating it', async () => {
    await expect(
      runFileTask(
        task({ bytes: await zipOfSpaces(8 * MiB) }, 'docx', { archiveMaxBytes: 2 * MiB }),
        generous,
      ),
    ).rejects.toThrow(/would unpack to 8 MB, over the 2 MB allowed \(INGESTION_ARCHIVE_MAX_BYTES\)/);
  });

  it('stops inflating a zip whose headers lie, at the cap', async () => {
    const error = await runFileTask(
      task({ bytes: await zipOfSpaces(8 * MiB, 1_000) }, 'docx', { archiveMaxBytes: 2 * MiB }),
      generous,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileLimitError);
    expect((error as Error).message).toMatch(
      /more than the 2 MB allowed \(INGESTION_ARCHIVE_MAX_BYTES\), more than its own headers declare/,
    );
  });

  it('refuses text over the character limit and files over the memories limit', async () => {
    const text = 'The orchard ledger notes one more apricot tree. '.repeat(2_000);
    await expect(
      runFileTask(task({ bytes: Buffer.from(text) }, 'txt', { textMaxChars: 50_000 }), generous),
    ).rejects.toThrow(/more than 50,000 characters.*INGESTION_TEXT_MAX_CHARS/);
    await expect(runFileTask(task({ text }, 'png', { memoriesPerFile: 10 }), generous)).rejects.toThrow(
      /would make \d+ memories, over the 10 one file may make \(INGESTION_MEMORIES_PER_FILE\)/,
    );
  });

  it('ends a worker that outgrows its heap: a clear limit error, and this process is unharmed', async () => {
    const script = misbehaving(
      'hog',
      `const kept = []; for (let i = 0; ; i++) kept.push('x'.repeat(1024 * 64) + i);`,
    );
    const error = await runFileTask(
      task({ text: '' }, 'txt'),
      { memoryMb: 64, timeoutMs: 120_000 },
      script,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileLimitError);
    expect((error as Error).message).toBe(
      'Reading the file needed more than 64 MB of memory (INGESTION_WORKER_MEMORY_MB); it was stopped.',
    );
  });

  it('ends a worker past its deadline, while this event loop keeps answering', async () => {
    const script = misbehaving('spin', `for (;;) {}`);
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 20);
    const error = await runFileTask(
      task({ text: '' }, 'txt'),
      { memoryMb: 64, timeoutMs: 1_000 },
      script,
    ).catch((e: unknown) => e);
    clearInterval(ticker);
    expect(error).toBeInstanceOf(FileLimitError);
    expect((error as Error).message).toMatch(/took longer than 1 s \(INGESTION_EXTRACT_TIMEOUT_SECONDS\)/);
    // The spinning worker never held this thread: its timers kept firing.
    expect(ticks).toBeGreaterThan(5);
  });

  it('fails a worker that dies without answering', async () => {
    const script = misbehaving('quit', `process.exit(3);`);
    await expect(runFileTask(task({ text: '' }, 'txt'), generous, script)).rejects.toThrow(/exit code 3/);
  });
});
