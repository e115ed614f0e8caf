import autocannon from 'autocannon';
import { EXPECTED } from './expectations.js';

export interface LoadFigures {
  readonly connections: number;
  readonly seconds: number;
  readonly requests: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly timeouts: number;
  /** Connection errors besides timeouts. */
  readonly errors: number;
  /** Count per HTTP status. */
  readonly statuses: Record<number, number>;
  /** Shed answers (503) that did not say when to come back. */
  readonly shedWithoutRetryAfter: number;
}

/** `connections` clients calling one route for `seconds` (autocannon), each reply counted by status. */
export async function runLoad(options: {
  url: string;
  method?: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  timeoutSeconds: number;
}): Promise<LoadFigures> {
  const url = new URL(options.url);
  const statuses: Record<number, number> = {};
  let shedWithoutRetryAfter = 0;
  const result = await autocannon({
    url: url.origin,
    connections: options.connections,
    duration: options.seconds,
    timeout: options.timeoutSeconds,
    requests: [
      {
        method: options.method ?? 'GET',
        path: `${url.pathname}${url.search}`,
        headers: options.headers,
        ...(options.body ? { body: options.body } : {}),
        onResponse: (status, _body, _context, headers) => {
          statuses[status] = (statuses[status] ?? 0) + 1;
          const retryAfter = Object.keys(headers).some((name) => name.toLowerCase() === 'retry-after');
          if (status === EXPECTED.shedStatus && !retryAfter) shedWithoutRetryAfter++;
        },
      },
    ],
  });
  return {
    connections: options.connections,
    seconds: options.seconds,
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    timeouts: result.timeouts,
    errors: result.errors - result.timeouts,
    statuses,
    shedWithoutRetryAfter,
  };
}
