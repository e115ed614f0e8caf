/** Resolves when the dependency answers; throws (or rejects) with the reason when it does not. */
export type ReadinessCheck = () => unknown;

export interface ReadinessReport {
  readonly ready: boolean;
  readonly checks: Record<string, { ok: boolean; error?: string }>;
}

/** The Nest injection token of the app's Readiness. */
export const READINESS = Symbol('READINESS');

/** How long one check may take before it counts as failed: a probe must answer well within its timeout. */
const DEFAULT_CHECK_TIMEOUT_MS = 2000;

/**
 * The named checks that decide whether a process should receive traffic (NATS connected, store
 * reachable). Each check runs with a timeout on every probe; the process is ready when all pass.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();

  constructor(private readonly includeProcessChecks = true) {}

  /** Adds a check; returns the function that removes it. A later check with the same name replaces it. */
  add(name: string, check: ReadinessCheck): () => void {
    this.checks.set(name, check);
    return () => {
      if (this.checks.get(name) === check) this.checks.delete(name);
    };
  }

  async evaluate(timeoutMs = DEFAULT_CHECK_TIMEOUT_MS): Promise<ReadinessReport> {
    const all = new Map(this.includeProcessChecks ? processReadiness.checks : []);
    for (const [name, check] of this.checks) all.set(name, check);
    const results = await Promise.all(
      [...all].map(async ([name, check]) => [name, await runCheck(check, timeoutMs)] as const),
    );
    return {
      ready: results.every(([, result]) => result.ok),
      checks: Object.fromEntries(results),
    };
  }
}

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<{ ok: boolean; error?: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(check), timedOut]);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks owned by the process rather than one app: the stores register here when they open (each
 * process owns its stores), and every app's Readiness includes them.
 */
export const processReadiness = new Readiness(false);
