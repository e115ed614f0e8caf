import { readFileSync } from 'node:fs';

const STATUS_EVERY_MS = 100;
/** A status request still unanswered after this counts as this slow (and the poller moves on). */
const STATUS_GIVE_UP_MS = 120_000;

/** `/api/status` latencies while a probe runs, polled every ~100 ms from this process. */
export interface StatusFigures {
  readonly samples: number;
  readonly worstMs: number;
  readonly p99Ms: number;
  /** Polls that got no answer (refused connection: the process is gone) or a non-200. */
  readonly failed: number;
}

/**
 * Polls `GET /api/status` every ~100 ms until stopped. A poll that is still waiting when the next is due
 * keeps waiting (its full latency is what a user saw) while the next one starts, so a stall shows as its
 * own length rather than as missing samples.
 */
export function watchStatus(url: string): { stop(): Promise<StatusFigures> } {
  const latencies: number[] = [];
  let failed = 0;
  let running = true;
  const inFlight = new Map<Promise<void>, number>();
  const poll = (): void => {
    const started = performance.now();
    const done = fetch(`${url}/api/status`, { signal: AbortSignal.timeout(STATUS_GIVE_UP_MS) })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status !== 200) failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => {
        latencies.push(performance.now() - started);
        inFlight.delete(done);
      });
    inFlight.set(done, started);
  };
  poll();
  const timer = setInterval(() => {
    if (running) poll();
  }, STATUS_EVERY_MS);
  return {
    async stop() {
      running = false;
      clearInterval(timer);
      // Unanswered polls count as long as they have waited so far, without waiting for them.
      await Promise.race([
        Promise.all(inFlight.keys()),
        new Promise((resolve) => setTimeout(resolve, 1_000)),
      ]);
      const now = performance.now();
      for (const started of inFlight.values()) latencies.push(now - started);
      const sorted = [...latencies].sort((a, b) => a - b);
      const worst = sorted.at(-1) ?? 0;
      return {
        samples: sorted.length,
        worstMs: Math.round(worst),
        p99Ms: Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0),
        failed,
      };
    },
  };
}

/** Resident memory of a process in MB (VmRSS), or NaN once it is gone. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    return kb ? Math.round(Number(kb[1]) / 1024) : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits until the process's RSS is back within `tolerance` of `beforeMb` (checked every second), at most
 * `maxMs`: answers the last reading and how long it took (null when it never got there).
 */
export async function rssSettled(
  pid: number,
  beforeMb: number,
  maxMs: number,
  tolerance = 0.2,
): Promise<{ mb: number; afterMs: number | null }> {
  const started = Date.now();
  for (;;) {
    const mb = rssMb(pid);
    if (Number.isNaN(mb)) return { mb, afterMs: null };
    if (mb <= beforeMb * (1 + tolerance)) return { mb, afterMs: Date.now() - started };
    if (Date.now() - started >= maxMs) return { mb, afterMs: null };
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}
