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
  /** Refused requests whose state check was void: a schedule fired while they were in flight. */
  readonly uncheckedBySchedule: number;
  /** Settles that gave up with background work still running (its late effects may be blamed on an input). */
  readonly settleTimeouts: number;
}

export interface Answer {
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
  const state = await StateCheck.start(target);
  const BATCH = 250;
  for (let done = 0; done < options.runs; done += BATCH) {
    const batch = fc.sample(input, {
      seed: options.seed + done,
      numRuns: Math.min(BATCH, options.runs - done),
    });
    for (const request of batch) {
      await state.beforeInput();
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
      const changed = await state.afterAnswer(
        before,
        isRefused(answer),
        request.kind === 'http' && request.mayWrite,
      );
      if (changed) fail('state changed by a refused request', `${changed}\n  ${answer.body}`);
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
    uncheckedBySchedule: state.uncheckedBySchedule,
    settleTimeouts: state.settleTimeouts,
  };
}

/** Longest a settle waits for the product's background work (a batch's concepts on a loaded machine). */
const SETTLE_LIMIT_MS = 60_000;

/**
 * The check that no refused request changes what is stored, made so that what it compares changes only
 * through the request under test. Two kinds of change come with no request behind them:
 *
 * - the late effects of an accepted write: events, jobs, and the background sweeps (concepts, sentence
 *   vectors) that start only once the writes pause (decision 227), a second or more after the write was
 *   answered. After every accepted write the check settles: no job due or running, no memory left for a
 *   sweep, and the row counts unchanged over three reads;
 * - periodic sweeps (the abandoned uploads' every quarter hour, retention's every hour): a schedule fires
 *   whenever it is due and inserts its job. When one fired since the last settled moment, the check settles
 *   before the next input, and a refused request in flight meanwhile has its comparison made void (counted
 *   in the report), not failed.
 */
export class StateCheck {
  uncheckedBySchedule = 0;
  settleTimeouts = 0;

  private constructor(
    private readonly target: FuzzTarget,
    /** The schedules as read when nothing was due or running: a change means one fired since. */
    private settledMark: string,
  ) {}

  /** Settles the start (the first runs of the periodic sweeps, the user's own setup). */
  static async start(target: FuzzTarget): Promise<StateCheck> {
    const check = new StateCheck(target, target.scheduleMark());
    await check.settle();
    return check;
  }

  /** Before an input: the job of a schedule that fired since the last settled moment lands first. */
  async beforeInput(): Promise<void> {
    if (this.target.scheduleMark() !== this.settledMark) await this.settle();
  }

  /**
   * After an answer: for a refused request, what changed in the stored state while it was in flight (the
   * tables that differ), undefined if nothing did; for an accepted write, waits for its effects to land.
   */
  async afterAnswer(before: string, refused: boolean, mayWrite: boolean): Promise<string | undefined> {
    if (refused) {
      const after = this.target.stateFingerprint();
      if (after === before) return undefined;
      if (this.target.scheduleMark() !== this.settledMark) {
        this.uncheckedBySchedule++;
        await this.settle();
        return undefined;
      }
      return fingerprintChanges(before, after);
    }
    if (mayWrite) await this.settle();
    return undefined;
  }

  /**
   * Waits until the effects of what was accepted have landed: no job due or running, no schedule due, no
   * memory waiting for a sweep, and the row counts unchanged over three reads. Counts alone are not enough on
   * a loaded machine: a job or a sweep that runs for a while changes nothing until it ends, and a refused
   * request sent meanwhile would be blamed for what it then writes.
   */
  private async settle(): Promise<void> {
    const deadline = Date.now() + SETTLE_LIMIT_MS;
    let last = this.target.stateFingerprint();
    let stableReads = 0;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = this.target.stateFingerprint();
      stableReads = now === last ? stableReads + 1 : 0;
      last = now;
      if (stableReads < 3) continue;
      // The mark is read before the work: a schedule that fires after this read changes the mark.
      const mark = this.target.scheduleMark();
      if (this.target.backgroundWork() > 0) continue;
      this.settledMark = mark;
      return;
    }
    this.settleTimeouts++;
    this.settledMark = this.target.scheduleMark();
  }
}

/** The tables whose row counts differ between two fingerprints, as `store/table: before -> after`. */
export function fingerprintChanges(before: string, after: string): string {
  const counts = (fingerprint: string) =>
    new Map(
      fingerprint
        .split(' ')
        .filter(Boolean)
        .map((entry) => {
          const at = entry.lastIndexOf('=');
          return [entry.slice(0, at), entry.slice(at + 1)] as const;
        }),
    );
  const was = counts(before);
  const is = counts(after);
  return [...new Set([...was.keys(), ...is.keys()])]
    .filter((table) => was.get(table) !== is.get(table))
    .map((table) => `${table}: ${was.get(table) ?? 'none'} -> ${is.get(table) ?? 'none'}`)
    .join(', ');
}

/** A request the product did not carry out: an error status, or a GraphQL answer with errors and no data. */
function isRefused(answer: Answer): boolean {
  return answer.status >= 400 || isRefusedGraphql(answer);
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

export async function send(baseUrl: string, request: FuzzRequest): Promise<Answer | undefined> {
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
    `  refused requests not checked (a periodic job fired meanwhile): ${report.uncheckedBySchedule}; settles given up: ${report.settleTimeouts}`,
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
