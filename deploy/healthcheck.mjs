// Container health probe (Docker HEALTHCHECK, compose healthchecks): GET /readyz, or /livez with the
// argument `live`, on the process's private metrics port (METRICS_PORT, 9464 in the image). Every app
// serves it, the NATS services included. Ready means the process reaches NATS and its store; live means
// only that its event loop answers. Kubernetes probes the same endpoints with httpGet (deploy/k8s).
// Without METRICS_PORT, the HTTP edges are probed on their own port; a NATS service then has no endpoint.
const app = process.env.APP ?? '';
const endpoint = process.argv[2] === 'live' ? '/livez' : '/readyz';
const edgePorts = { gateway: 3001, bff: 3000, standalone: 3000 };

const port = process.env.METRICS_PORT || (app in edgePorts ? process.env.PORT || edgePorts[app] : '');
if (!port) {
  console.log(`${app || '(APP unset)'}: METRICS_PORT is not set, so there is no endpoint to probe`);
  process.exit(0);
}

const configuredHost = (process.env.METRICS_PORT ? process.env.METRICS_HOST : process.env.HOST) || '0.0.0.0';
const host = configuredHost === '0.0.0.0' || configuredHost === '::' ? '127.0.0.1' : configuredHost;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}${endpoint}`;

try {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 4000),
  });
  const body = await response.json().catch(() => null);
  if (response.status !== 200) {
    throw new Error(`answered ${response.status}: ${body?.message ?? JSON.stringify(body)}`);
  }
  console.log(`${app}: ${body?.status ?? 'ok'}`);
} catch (error) {
  console.error(`${app} unhealthy at ${url}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
