// Container health probe (Docker HEALTHCHECK, Kubernetes exec probe) for the HTTP apps.
// gateway/standalone: GET /api/status answers 200 while the process serves HTTP (it reports each service's
// state in its body; a service being down makes it "degraded", not the edge unhealthy).
// bff: a `{ __typename }` GraphQL query, which needs no session and reaches no service.
// NATS services have no HTTP port: they are probed through the gateway's GET /api/status instead, so this
// script reports them healthy as long as their process runs (compose disables the check for them).
const app = process.env.APP ?? '';
const defaultPorts = { gateway: 3001, bff: 3000, standalone: 3000 };

if (!(app in defaultPorts)) {
  console.log(
    `${app || '(APP unset)'}: no HTTP endpoint; its health is reported by the gateway's GET /api/status`,
  );
  process.exit(0);
}

const port = process.env.PORT || defaultPorts[app];
const configuredHost = process.env.HOST || '0.0.0.0';
const host = configuredHost === '0.0.0.0' || configuredHost === '::' ? '127.0.0.1' : configuredHost;
const base = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
const signal = AbortSignal.timeout(Number(process.env.HEALTHCHECK_TIMEOUT_MS) || 4000);

try {
  if (app === 'bff') {
    const response = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
      signal,
    });
    const body = await response.json().catch(() => null);
    if (response.status !== 200 || body?.data?.__typename !== 'Query') {
      throw new Error(`POST /graphql answered ${response.status} ${JSON.stringify(body)}`);
    }
  } else {
    const response = await fetch(`${base}/api/status`, { signal });
    if (response.status !== 200) throw new Error(`GET /api/status answered ${response.status}`);
    // Only the 200 decides; the body is logged for `docker inspect` and must not make the probe fail.
    const body = await response.json().catch(() => null);
    const services = Array.isArray(body?.services) ? body.services : [];
    const ok = services.filter((service) => service?.status === 'ok').length;
    console.log(`${app}: ${body?.status ?? 'up'} (${ok}/${services.length} services ok)`);
  }
} catch (error) {
  console.error(`${app} unhealthy at ${base}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
