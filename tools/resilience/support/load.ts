/**
 * A small closed-loop load driver: `concurrency` workers call one operation after another until stopped,
 * and every outcome is counted by operation and by how it ended, so a run can say exactly what failed.
 */
export type Outcome = 'ok' | `http ${number}` | `graphql ${string}` | 'network error';

export type Operation = (sequence: number) => Promise<Outcome>;

export class OutcomeCounter {
  private readonly counts = new Map<string, Map<Outcome, number>>();

  record(operation: string, outcome: Outcome): void {
    const byOutcome = this.counts.get(operation) ?? new Map<Outcome, number>();
    byOutcome.set(outcome, (byOutcome.get(outcome) ?? 0) + 1);
    this.counts.set(operation, byOutcome);
  }

  total(operation: string): number {
    return [...(this.counts.get(operation)?.values() ?? [])].reduce((sum, n) => sum + n, 0);
  }

  failed(operation: string): number {
    return this.total(operation) - (this.counts.get(operation)?.get('ok') ?? 0);
  }

  /** `{ operation: { outcome: count } }`, for printing. */
  snapshot(): Record<string, Record<string, number>> {
    return Object.fromEntries(
      [...this.counts].map(([operation, byOutcome]) => [operation, Object.fromEntries(byOutcome)]),
    );
  }
}

export interface LoadHandle {
  stop(): Promise<void>;
}

/** Starts `concurrency` workers per operation; each loops until `stop()` resolves its last call. */
export function startLoad(
  operations: Record<string, Operation>,
  concurrency: number,
  counter: OutcomeCounter,
): LoadHandle {
  let running = true;
  let sequence = 0;
  const workers = Object.entries(operations).flatMap(([name, operation]) =>
    Array.from({ length: concurrency }, async () => {
      while (running) {
        const outcome = await operation(sequence++).catch((): Outcome => 'network error');
        counter.record(name, outcome);
      }
    }),
  );
  return {
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** What a fetch answered, as an outcome: `ok` for 2xx, else the status. */
export async function httpOutcome(response: Promise<Response>): Promise<Outcome> {
  const answer = await response;
  await answer.arrayBuffer();
  return answer.ok ? 'ok' : `http ${answer.status}`;
}

/** A GraphQL answer as an outcome: `ok` with data and no errors, else the first error's code. */
export async function graphqlOutcome(response: Promise<Response>): Promise<Outcome> {
  const answer = await response;
  const body = (await answer.json().catch(() => ({}))) as {
    data?: unknown;
    errors?: Array<{ extensions?: { code?: string } }>;
  };
  if (body.errors?.length) return `graphql ${body.errors[0]?.extensions?.code ?? 'UNKNOWN'}`;
  return answer.ok && body.data ? 'ok' : `http ${answer.status}`;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Sizes of a run: `RESILIENCE_SCALE=full` (npm run test:resilience) or the CI size inside `npm test`. */
export function resilienceScale(): 'ci' | 'full' {
  return process.env['RESILIENCE_SCALE'] === 'full' ? 'full' : 'ci';
}

export function printFigures(title: string, figures: unknown): void {
  process.stdout.write(`\n=== ${title} ===\n${JSON.stringify(figures, null, 2)}\n`);
}
