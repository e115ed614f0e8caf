import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatReport, runEdgeFuzz } from './edge-fuzz.js';
import { FuzzTarget } from './fuzz-target.js';

/**
 * The edges under generated input (decision 013): the CI-sized run of `npm run test:fuzz`. FUZZ_RUNS and
 * FUZZ_SEED choose the size and the sequence; the full-size run is `npm run test:fuzz` (10,000 inputs).
 * Needs the built server (`npm run build:server`).
 */
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 1500);
const SEED = Number(process.env['FUZZ_SEED'] ?? 20261123);

/**
 * A real server speaking SearXNG's JSON protocol on loopback, so generated web searches reach the handler
 * (without one, every search is the documented 503 web_search_not_configured).
 */
async function startSearxng(): Promise<Server> {
  const server = createServer((req, res) => {
    const query = new URL(req.url ?? '/', 'http://127.0.0.1').searchParams.get('q') ?? '';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        results: [
          { title: `About ${query.slice(0, 50)}`, url: 'https://example.org/a', content: 'A result.' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe('edge fuzz: generated REST and GraphQL input against a standalone process', () => {
  let target: FuzzTarget;
  let searxng: Server;

  beforeAll(async () => {
    searxng = await startSearxng();
    target = await FuzzTarget.start({
      SEARXNG_URL: `http://127.0.0.1:${(searxng.address() as AddressInfo).port}`,
      // The abandoned uploads' sweep every minute (a quarter of the age, at least a minute) instead of every
      // quarter hour: even the CI-sized run crosses periodic jobs, which the state check must not blame on
      // the refused request in flight when one fires.
      INGESTION_ABANDONED_UPLOAD_MINUTES: '1',
    });
    // FuzzTarget.start waits up to 180 s for the process to serve (a loaded machine), past jest's 60 s.
  }, 300_000);

  afterAll(async () => {
    await target?.stop();
    await new Promise((resolve) => searxng?.close(resolve));
  });

  it(
    `answers ${RUNS} generated inputs without a 5xx, a non-JSON error or a refused write`,
    async () => {
      const report = await runEdgeFuzz(target, { runs: RUNS, seed: SEED });
      process.stdout.write(`\n${formatReport(report)}\n`);
      expect(report.failures).toEqual([]);
      expect(target.problemLines()).toEqual([]);
      // Refusals dominate, but the generator must also reach the handlers behind validation.
      expect(report.byStatus['200'] ?? 0).toBeGreaterThan(RUNS / 20);
      // Unbounded caches showed as hundreds of MB kept after a few thousand inputs (154 -> 765 MB).
      expect(report.rssMb.end - report.rssMb.start).toBeLessThan(150);
    },
    // Each accepted write waits for its concept and sentence sweeps (decision 262), a second or more.
    60_000 + RUNS * 400,
  );
});
