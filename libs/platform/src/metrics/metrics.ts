import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The Nest injection token of the process's Metrics. */
export const METRICS = Symbol('METRICS');

/** Reads the current length of one queue; may be async (a store count). */
export type QueueDepthReader = () => number | Promise<number>;

/** Latency buckets (seconds) shared by every request histogram: 5 ms to 10 s, so the bus timeout fits. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Anything outside this shape is a client-chosen value and would make label cardinality unbounded. */
const LABEL_VALUE = /^[A-Za-z0-9_.:/{}-]{1,100}$/;

export interface MetricsOptions {
  /** Added to every series as the `app` label (gateway, bff, identity, standalone…). */
  readonly app: string;
  /** prom-client's default process metrics: memory, CPU, event-loop lag, GC, handles. On by default. */
  readonly processMetrics?: boolean;
}

/**
 * One process's Prometheus registry and the request instruments every layer records into: HTTP routes,
 * GraphQL operations, bus subjects, plus queue depths that services register. One instance per Nest app
 * (not prom-client's global registry), so tests that boot several apps in one process keep them apart.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  readonly graphqlOperationDuration: Histogram<'operation' | 'type' | 'outcome'>;
  readonly busRequestDuration: Histogram<'subject' | 'outcome'>;
  private readonly queueReaders = new Map<string, QueueDepthReader>();

  constructor(options: MetricsOptions) {
    this.registry.setDefaultLabels({ app: options.app });
    if (options.processMetrics !== false) collectDefaultMetrics({ register: this.registry });
    this.httpRequestDuration = new Histogram({
      name: 'membolt_http_request_duration_seconds',
      help: 'HTTP requests by route pattern (never the raw path) and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: REQUEST_BUCKETS,
      registers: [this.registry],
    });
    this.graphqlOperationDuration = new Histogram({
      name: 'membolt_graphql_operation_duration_seconds',
      help: 'GraphQL operations by name (anonymous and unknown names collapse) and outcome.',
      labelNames: ['operation', 'type', 'outcome'],
      buckets: REQUEST_BUCKETS,
      registers: [this.registry],
    });
    this.busRequestDuration = new Histogram({
      name: 'membolt_bus_request_duration_seconds',
      help: 'Bus requests by subject and outcome (ok, the error code, or service_unavailable).',
      labelNames: ['subject', 'outcome'],
      buckets: REQUEST_BUCKETS,
      registers: [this.registry],
    });
    const readers = this.queueReaders;
    new Gauge({
      name: 'membolt_queue_depth',
      help: 'Items waiting in a queue (outbox messages, pending writes), read at scrape time.',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          [...readers].map(async ([queue, read]) => {
            // One unreadable queue (its store is down) must not fail the whole scrape; its series is absent.
            const depth = await Promise.resolve()
              .then(read)
              .catch(() => undefined);
            if (typeof depth === 'number' && Number.isFinite(depth)) this.set({ queue }, depth);
          }),
        );
      },
    });
  }

  /**
   * Reports a queue's depth as `membolt_queue_depth{queue="<name>"}`, read on every scrape. Returns the
   * function that stops reporting it (call it on shutdown).
   */
  registerQueue(name: string, read: QueueDepthReader): () => void {
    if (!LABEL_VALUE.test(name)) throw new Error(`Invalid queue name "${name}"`);
    this.queueReaders.set(name, read);
    return () => {
      if (this.queueReaders.get(name) === read) this.queueReaders.delete(name);
    };
  }

  /** The exposition text and its content type, for a `GET /metrics` handler. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** A label value safe to record: itself when it is a short identifier, otherwise `fallback`. */
export function boundedLabel(value: string | null | undefined, fallback: string): string {
  return value && LABEL_VALUE.test(value) ? value : fallback;
}

/**
 * Label values chosen by clients (GraphQL operation names): the first `capacity` distinct well-formed
 * values are kept, later new ones collapse into `overflow`, so a client inventing names cannot grow the
 * series count without bound.
 */
export class BoundedLabelSet {
  private readonly seen = new Set<string>();

  constructor(
    private readonly capacity: number,
    private readonly overflow = 'other',
  ) {}

  label(value: string | null | undefined, fallback: string): string {
    const candidate = boundedLabel(value, fallback);
    if (candidate === fallback || this.seen.has(candidate)) return candidate;
    if (this.seen.size >= this.capacity) return this.overflow;
    this.seen.add(candidate);
    return candidate;
  }
}
