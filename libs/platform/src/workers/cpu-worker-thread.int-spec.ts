import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdleMallocTrim } from '../memory/idle-malloc-trim.js';
import { CpuWorkerThread } from './cpu-worker-thread.js';

const IDENTITY = {
  name: 'The echo worker',
  memorySetting: 'ECHO_WORKER_MEMORY_MB',
  timeoutSetting: 'ECHO_WORKER_TIMEOUT_SECONDS',
};

describe('CpuWorkerThread and the process trimmer', () => {
  let dir = '';
  let script = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'membolt-cpu-thread-'));
    script = join(dir, 'echo.worker.mjs');
    // A worker script answering each task with itself, in the message shape serveCpuTasks posts.
    writeFileSync(
      script,
      `import { parentPort } from 'node:worker_threads';
parentPort.on('message', ({ id, task }) => parentPort.postMessage({ id, answer: { ok: true, value: task } }));
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a thread that ends asks for a collection and trim at the next quiet look, though RSS did not grow', async () => {
    let trims = 0;
    const trimmer = new IdleMallocTrim(
      { intervalMs: 10_000, followUps: 0 },
      {
        trim: () => {
          trims++;
          return true;
        },
        collect: () => undefined,
        rss: () => 200 * 1024 * 1024,
        loopUtilization: () => ({ idle: 0, active: 0, utilization: 0 }),
      },
    );
    // idleMs of an hour: only the task's own keep ends the thread within the test.
    const thread = new CpuWorkerThread<string, string>(script, IDENTITY, {
      memoryMb: 64,
      timeoutMs: 30_000,
      idleMs: 3_600_000,
    });
    expect(trimmer.check()).toBe(false);
    expect(await thread.run('burst', 'An echo', 50)).toBe('burst');
    expect(trimmer.check()).toBe(false);
    // The thread's exit is reported after it is let go: polled for up to 20 s (a loaded machine).
    const giveUp = Date.now() + 20_000;
    let trimmed = false;
    while (!trimmed && Date.now() < giveUp) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      trimmed = trimmer.check();
    }
    expect(trimmed).toBe(true);
    expect(thread.running).toBe(false);
    expect(trims).toBe(1);
    expect(trimmer.check()).toBe(false);
    await thread.close();
  }, 30_000);
});
