import type { Metrics, Readiness } from '@membolt/platform';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const OPS_PATHS = ['/metrics', '/livez', '/readyz'] as const;

export interface OpsEndpointsOptions {
  readonly metrics: Metrics;
  readonly readiness: Readiness;
  /**
   * Who may read /metrics: `open` on the private ops listener; on an edge's public port a bearer token,
   * or nobody when none is configured.
   */
  readonly metricsAccess: { readonly kind: 'open' } | { readonly kind: 'token'; readonly token?: string };
  /** List each readiness check and its error (the private listener); the public port says only ready or not. */
  readonly detailedReadiness: boolean;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer (.+)$/i.exec(header ?? '')?.[1];
  if (!presented) return false;
  const [a, b] = [Buffer.from(presented), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's path as the ops endpoints match it: the raw URL up to its query. */
export function opsPathOf(req: IncomingMessage): string {
  const url = req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Answers GET/HEAD /metrics, /livez and /readyz; returns false for any other request so the caller passes it
 * on. Liveness is answered without touching any dependency: if this runs, the event loop is turning.
 */
export async function handleOpsRequest(
  req: IncomingMessage,
  res: ServerResponse,
  options: OpsEndpointsOptions,
): Promise<boolean> {
  const path = opsPathOf(req);
  if (!(OPS_PATHS as readonly string[]).includes(path)) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    sendJson(res, 405, { error: 'method_not_allowed', message: `${path} answers GET only.` });
    return true;
  }
  switch (path) {
    case '/livez':
      sendJson(res, 200, { status: 'ok' });
      return true;
    case '/readyz': {
      const report = await options.readiness.evaluate();
      const failing = Object.entries(report.checks)
        .filter(([, check]) => !check.ok)
        .map(([name]) => name);
      const details = options.detailedReadiness ? { checks: report.checks } : {};
      if (report.ready) sendJson(res, 200, { status: 'ready', ...details });
      else {
        res.setHeader('Retry-After', '5');
        sendJson(res, 503, {
          error: 'service_unavailable',
          message: options.detailedReadiness
            ? `Not ready: ${failing.join(', ')} unreachable.`
            : 'Not ready: a dependency is unreachable.',
          ...details,
        });
      }
      return true;
    }
    default: {
      const access = options.metricsAccess;
      if (access.kind === 'token') {
        if (!access.token) {
          sendJson(res, 404, {
            error: 'route_not_found',
            message:
              'Metrics are not public: read them on METRICS_PORT, or set METRICS_TOKEN and send it as a bearer token.',
          });
          return true;
        }
        if (!bearerMatches(req.headers.authorization, access.token)) {
          res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
          sendJson(res, 401, { error: 'unauthorized', message: 'A valid metrics bearer token is required.' });
          return true;
        }
      }
      const { contentType, body } = await options.metrics.render();
      res.statusCode = 200;
      res.setHeader('Content-Type', contentType);
      res.setHeader('Cache-Control', 'no-store');
      res.end(body);
      return true;
    }
  }
}

export interface RunningOpsServer {
  readonly server: Server;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The private operations listener (METRICS_PORT): /metrics open, /readyz detailed, everything else a JSON
 * 404. NATS services have no other HTTP port; edges use it to keep metrics off their public port.
 */
export async function startOpsServer(
  host: string,
  port: number,
  endpoints: Pick<OpsEndpointsOptions, 'metrics' | 'readiness'>,
): Promise<RunningOpsServer> {
  const options: OpsEndpointsOptions = {
    ...endpoints,
    metricsAccess: { kind: 'open' },
    detailedReadiness: true,
  };
  const server = createServer((req, res) => {
    handleOpsRequest(req, res, options).then(
      (handled) => {
        if (!handled)
          sendJson(res, 404, {
            error: 'route_not_found',
            message: `No route matches ${req.method ?? 'GET'} ${opsPathOf(req)}`,
          });
      },
      (error: unknown) => {
        if (!res.headersSent)
          sendJson(res, 500, {
            error: 'internal_error',
            message: error instanceof Error ? error.message : 'The operations endpoint failed.',
          });
        else res.destroy();
      },
    );
  });
  // Probes must never be held by keep-alive sockets at shutdown.
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as { port: number };
  const url = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host}:${address.port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
