import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Product, type Account } from '../abuse/support/product.js';
import { watchStatus } from '../abuse/support/monitor.js';
import { eventually } from '../e2e/support/app-process.js';

/**
 * The memory service's heavy work (embedding a large import's parts, extracting and linking the concepts of
 * every imported memory, settling them before a read of concept data) runs off the event loop that answers
 * requests: `/api/status` keeps answering throughout. The bound separates "answered" from "held": it is not
 * the 1 s target (`npm run test:abuse` checks that on a quiet machine). On a two-core box shared at load
 * average ~20, the code that ran all of it on the loop left `/api/status` unanswered for 120 s at a time
 * (3,839 of 4,317 polls failed, 507 s in all); with the worker threads: worst 7 s, none failed, 105 s.
 */

const LINES = Number(process.env['LOOP_IMPORT_LINES'] ?? 10_000);
const STATUS_WORST_MS = 15_000;

function importBody(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++)
    out.push(
      JSON.stringify({
        text: `Note ${i}: Maria Costa from Lisbon met Dr. John Smith at the Google office in Berlin to talk about the garden project and the ${i % 13} tomato plants.`,
      }),
    );
  return `${out.join('\n')}\n`;
}

describe('the serving event loop during a large import and its concept linking (built standalone)', () => {
  const product = new Product('loop', {
    GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
    GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
  });
  let account: Account;

  beforeAll(async () => {
    await product.start();
    account = await product.signUp('loop');
  }, 180_000);

  afterAll(async () => {
    await product.stop();
  }, 60_000);

  it('answers /api/status while an import is stored, embedded and its concepts linked and settled', async () => {
    const user = `${product.url}/api/user/${encodeURIComponent(account.userId)}`;
    const headers = { 'X-API-Key': account.apiKey };
    const watch = watchStatus(product.url);
    const started = performance.now();
    const answer = await fetch(`${user}/memories/import`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-ndjson' },
      body: importBody(LINES),
    });
    expect(answer.status).toBe(202);
    const { status_url: statusUrl } = (await answer.json()) as { status_url: string };
    await eventually(
      async () => {
        const progress = (await (await fetch(`${product.url}${statusUrl}`, { headers })).json()) as {
          status: string;
        };
        if (progress.status === 'failed') throw new Error(JSON.stringify(progress));
        return progress.status === 'done';
      },
      600_000,
      'the import to be stored',
    );
    // Stats settle every pending concept of the scope before answering.
    const stats = await fetch(`${user}/memory_stats`, { headers, signal: AbortSignal.timeout(600_000) });
    const body = (await stats.json()) as { total_memories?: number; total_count?: number };
    const figures = await watch.stop();
    process.stdout.write(
      `memory loop: ${LINES} lines imported and linked in ${Math.round(performance.now() - started)} ms; ` +
        `/api/status ${figures.samples} polls, p99 ${figures.p99Ms} ms, worst ${figures.worstMs} ms, ` +
        `${figures.failed} failed\n`,
    );
    expect(stats.status).toBe(200);
    expect(JSON.stringify(body)).toContain(String(LINES));
    process.stdout.write(`memory_stats: ${JSON.stringify(body)}\n`);
    expect(figures.failed).toBe(0);
    expect(figures.worstMs).toBeLessThan(STATUS_WORST_MS);
  }, 900_000);
});
