import fc from 'fast-check';
import { buildSchema } from 'graphql';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FuzzRequest } from './fuzz-request.js';
import type { FuzzTarget } from './fuzz-target.js';
import { GraphqlGenerator } from './graphql-generator.js';
import { Draw } from './random-values.js';
import { hostileHeaders, rawRequest } from './raw-generator.js';
import { type OpenApiDocument, RestGenerator } from './rest-generator.js';

const SCHEMA_FILE = fileURLToPath(new URL('../../schema.graphql', import.meta.url));

export interface FuzzOptions {
  readonly runs: number;
  readonly seed: number;
}

export interface FuzzFailure {
  readonly rule: '5xx' | 'non-JSON error body' | 'state changed by a refused request' | 'no answer';
  readonly family: string;
  readonly status: number;
  readonly request: string;
  readonly detail: string;
}

export interface FuzzReport {
  readonly runs: number;
  readonly seed: number;
  readonly byStatus: Record<string, number>;
  readonly byFamily: Record<string, number>;
  readonly failures: FuzzFailure[];
  readonly rssMb: { readonly start: number; readonly peak: number; readonly end: number };
  readonly seconds: number;
  readonly connectionRetries: number;
}

interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly body: string;
}

/**
 * Sends `runs` generated inputs, one at a time, to a running product and checks each answer: no 5xx,
 * every error answered as JSON, and no refused request changing what is stored.
 */
export async function runEdgeFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  connectionRetries = 0;
  const principal = await target.createPrincipal();
  const openApi = (await (await fetch(`${target.url}/api/openapi.json`)).json()) as OpenApiDocument;
  const rest = new RestGenerator(openApi, principal);
  const graphql = new GraphqlGenerator(buildSchema(readFileSync(SCHEMA_FILE, 'utf8')), principal);
  const input = fc.gen().map((g) => {
    const draw = new Draw(g);
    const family = draw.int(0, 99);
    if (family < 45) return graphql.generate(draw);
    if (family < 85) return rest.generate(draw);
    if (family < 93) return rawRequest(draw);
    const request = draw.chance(0.5) ? rest.generate(draw) : graphql.generate(draw);
    return request.kind === 'http'
      ? {
          ...request,
          family: `headers ${request.family}`,
          headers: { ...request.headers, ...hostileHeaders(draw) },
        }
      : request;
  });

  const byStatus: Record<string, number> = {};
  const byFamily: Record<string, number> = {};
  const failures: FuzzFailure[] = [];
  const rss = { start: target.rssMb(), peak: 0, end: 0 };
  const BATCH = 250;
  for (let done = 0; done < options.runs; done += BATCH) {
    const batch = fc.sample(input, {
      seed: options.seed + done,
      numRuns: Math.min(BATCH, options.runs - done),
    });
    for (const request of batch) {
      const before = target.stateFingerprint();
      const answer = await send(target.url, request);
      const status = answer?.status ?? 0;
      byStatus[String(status)] = (byStatus[String(status)] ?? 0) + 1;
      const familyKey = request.family.replace(/ \(signed in\)$/, '');
      byFamily[familyKey] = (byFamily[familyKey] ?? 0) + 1;
      const fail = (rule: FuzzFailure['rule'], detail: string) =>
        failures.push({
          rule,
          family: request.family,
          status,
          request: describe(request),
          detail: detail.slice(0, 500),
        });
      if (!answer) {
        fail('no answer', 'the server closed the connection or timed out without a response');
        continue;
      }
      if (status >= 500) fail('5xx', answer.body);
      else if (status >= 400 && !isJsonError(answer))
        fail('non-JSON error body', `${answer.contentType}: ${answer.body}`);
      const refused = status >= 400 || isRefusedGraphql(answer);
      if (refused) {
        const after = target.stateFingerprint();
        if (after !== before)
          fail('state changed by a refused request', `${before}\n  -> ${after}\n  ${answer.body}`);
      } else if (request.kind === 'http' && request.mayWrite) {
        await settle(target);
      }
    }
    rss.peak = Math.max(rss.peak, target.rssMb());
  }
  rss.end = target.rssMb();
  return {
    runs: options.runs,
    seed: options.seed,
    byStatus,
    byFamily,
    failures,
    rssMb: rss,
    seconds: Math.round((Date.now() - started) / 1000),
    connectionRetries,
  };
}

/**
 * Waits until the effects an accepted write set off (events, background setup, its jobs) have landed: no job
 * due or running, and the row counts unchanged over three reads. Counts alone are not enough on a loaded
 * machine: a job that runs for a while changes nothing until it ends, and a refused request sent meanwhile
 * would be blamed for what the job then writes.
 */
async function settle(target: FuzzTarget): Promise<void> {
  let last = target.stateFingerprint();
  let stableReads = 0;
  for (let i = 0; i < 500 && (stableReads < 3 || target.busyJobs() > 0); i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = target.stateFingerprint();
    stableReads = now === last ? stableReads + 1 : 0;
    last = now;
  }
}

function isJsonError(answer: Answer): boolean {
  if (!/^application\/(graphql-response\+)?json/.test(answer.contentType)) return false;
  try {
    const body = JSON.parse(answer.body) as {
      error?: { message?: unknown; code?: unknown } | string;
      message?: unknown;
      errors?: unknown;
      jsonrpc?: unknown;
    };
    if (typeof body.error === 'string' && typeof body.message === 'string') return true;
    // The protocol shapes of the routes built for other clients: OpenAI's `{error: {message, type, code}}`
    // on /v1, and a JSON-RPC error (numeric code, message) on /mcp.
    if (typeof body.error === 'object' && body.error !== null && typeof body.error.message === 'string') {
      if (body.jsonrpc === '2.0') return typeof body.error.code === 'number';
      return typeof body.error.code === 'string';
    }
    return (
      Array.isArray(body.errors) &&
      body.errors.length > 0 &&
      body.errors.every((e: { message?: unknown }) => typeof e.message === 'string')
    );
  } catch {
    return false;
  }
}

/** A GraphQL answer with errors and no data: nothing was done, even when the status is 200. */
function isRefusedGraphql(answer: Answer): boolean {
  if (!answer.contentType.includes('json')) return false;
  try {
    const body = JSON.parse(answer.body) as { data?: unknown; errors?: unknown };
    return Array.isArray(body.errors) && (body.data === null || body.data === undefined);
  } catch {
    return false;
  }
}

/** Requests sent twice because the first attempt's connection failed (reported, so a trend shows). */
let connectionRetries = 0;

async function send(baseUrl: string, request: FuzzRequest): Promise<Answer | undefined> {
  return request.kind === 'raw' ? sendRaw(baseUrl, request.bytes) : sendHttp(baseUrl, request);
}

/**
 * One retry when the connection fails: a pooled keep-alive socket the server closed while idle fails the
 * client's next request without the server having seen it. A request that really kills its connection
 * fails twice.
 */
async function sendHttp(
  baseUrl: string,
  request: Extract<FuzzRequest, { kind: 'http' }>,
): Promise<Answer | undefined> {
  const first = await sendHttpOnce(baseUrl, request);
  if (first) return first;
  connectionRetries++;
  return sendHttpOnce(baseUrl, request);
}

async function sendHttpOnce(
  baseUrl: string,
  request: Extract<FuzzRequest, { kind: 'http' }>,
): Promise<Answer | undefined> {
  try {
    const response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: request.method === 'HEAD' ? '{"error":"head","message":"no body"}' : await response.text(),
    };
  } catch {
    return undefined;
  }
}

function sendRaw(baseUrl: string, bytes: string): Promise<Answer | undefined> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.end(bytes, 'utf8'));
    socket.setTimeout(30_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const head = /^HTTP\/1\.[01] (\d{3})[^\r]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(text);
      if (!head) return resolve(undefined);
      const contentType = /^content-type:\s*(.+)$/im.exec(head[2]!)?.[1]?.trim() ?? '';
      resolve({ status: Number(head[1]), contentType, body: head[3]! });
    });
  });
}

function describe(request: FuzzRequest): string {
  const text =
    request.kind === 'raw'
      ? JSON.stringify(request.bytes)
      : `${request.method} ${request.path} ${JSON.stringify(request.headers)} ${request.body ?? ''}`;
  return text.length > 600 ? `${text.slice(0, 600)}… (${text.length} chars)` : text;
}

/** The report as the lines `npm run test:fuzz` prints: failures grouped, with one example each. */
export function formatReport(report: FuzzReport): string {
  const groups = new Map<string, { count: number; example: FuzzFailure }>();
  for (const failure of report.failures) {
    const key = `[${failure.rule}] ${failure.status} ${failure.family}`;
    const group = groups.get(key);
    if (group) group.count++;
    else groups.set(key, { count: 1, example: failure });
  }
  const lines = [
    `edge fuzz: ${report.runs} inputs, seed ${report.seed}, ${report.seconds} s`,
    `  by status: ${Object.entries(report.byStatus)
      .sort()
      .map(([status, n]) => `${status}=${n}`)
      .join(' ')}`,
    `  server RSS (MB): start ${report.rssMb.start}, peak ${report.rssMb.peak}, end ${report.rssMb.end}`,
    `  failures: ${report.failures.length} (requests retried after a failed connection: ${report.connectionRetries})`,
    ...[...groups.entries()].map(
      ([key, { count, example }]) =>
        `    ${count} x ${key}\n      ${example.request}\n      ${example.detail}`,
    ),
    '  by family:',
    ...Object.entries(report.byFamily)
      .sort(([, a], [, b]) => b - a)
      .map(([family, n]) => `    ${String(n).padStart(6)}  ${family}`),
  ];
  return lines.join('\n');
}
