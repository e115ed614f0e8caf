import { type LoopbackLlmServer, startLoopbackLlmServer } from '@membolt/chat/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EXPECTED } from './expectations.js';
import { rssMb, rssSettled, type StatusFigures, watchStatus } from './monitor.js';
import { type Check, type Probe, type ProbeContext, type Sizes } from './probes.js';
import { type Account, Product } from './product.js';

/** What one probe did to the product, for the table and the assertions. */
export interface ProbeReport {
  readonly item: number;
  readonly id: string;
  readonly title: string;
  readonly status: StatusFigures;
  readonly rssBeforeMb: number;
  readonly rssAfterMb: number;
  /** RSS once back within the tolerance, or after the settle wait. */
  readonly rssSettledMb: number;
  readonly settledAfterMs: number | null;
  readonly survived: boolean;
  /** The product had to be started again before this probe (an earlier one killed it). */
  readonly restarted: boolean;
  /** Work was still running at the probe's deadline; the process was then replaced. */
  readonly unfinished: boolean;
  readonly outcome: string;
  readonly checks: Check[];
  readonly ms: number;
}

export const LLM_MODEL = 'abuse-llm';

/** A stand-in for Stripe's API: enough for the product to start and for any call to be answered. */
async function startStripeStandIn(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'cs_abuse',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/cs',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/**
 * The products the probes run against: one with the limits an operator would raise for many clients of
 * one address (so the probes meet the product's own limits, not the per-address throttles), Stripe and a
 * loopback model configured; and one with the default rate limits for the budget probe.
 */
export class AbuseRun {
  readonly reports: ProbeReport[] = [];
  private llm!: LoopbackLlmServer;
  private stripe!: { url: string; server: Server };
  private main!: Product;
  private rateLimited!: Product;
  private account: Account | null = null;

  constructor(private readonly sizes: Sizes) {}

  async start(): Promise<void> {
    this.llm = await startLoopbackLlmServer('openai', (request) =>
      request.wantsJson
        ? { kind: 'stream', tokens: ['{"facts": []}'] }
        : {
            kind: 'stream',
            tokens: [
              'As your notes say: ',
              request.messages.at(-1)?.content ?? '',
              ' ',
              request.system.slice(-200),
            ],
          },
    );
    this.stripe = await startStripeStandIn();
    this.main = new Product('main', {
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
      BFF_RATE_LIMIT_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_PER_MINUTE: '1000000',
      GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: '1000000',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abuse',
      STRIPE_WEBHOOK_SECRET: 'whsec_abuse_probe_secret',
      STRIPE_API_URL: this.stripe.url,
      OPENAI_COMPATIBLE_BASE_URL: this.llm.baseUrl,
      OPENAI_COMPATIBLE_MODELS: LLM_MODEL,
      CHAT_DEFAULT_MODEL: LLM_MODEL,
    });
    this.rateLimited = new Product('rate', {
      GATEWAY_RATE_LIMIT_PER_MINUTE: String(EXPECTED.rateLimit.perKey),
      GATEWAY_RATE_LIMIT_PER_USER_PER_MINUTE: String(EXPECTED.rateLimit.perUser),
    });
    await Promise.all([this.main.start(), this.rateLimited.start()]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.main?.stop(), this.rateLimited?.stop()]);
    await this.llm?.close();
    await new Promise((resolve) => this.stripe?.server.close(resolve));
  }

  /** Runs one probe with `/api/status` polled throughout and RSS read before, after and once settled. */
  async run(probe: Probe): Promise<ProbeReport> {
    let restarted = await this.main.ensureRunning();
    // The previous probe's tail (queued requests, a job) is not this probe's: wait for a quiet server, or
    // replace it when it does not settle.
    const quietAfterMs = await quiet(this.main.url, this.sizes.quietMs);
    if (quietAfterMs === null) {
      await this.main.retire();
      restarted = await this.main.ensureRunning();
    }
    if (restarted || !this.account) this.account = await this.main.signUp('abuse');
    const context: ProbeContext = {
      product: this.main,
      account: this.account,
      sizes: this.sizes,
      llm: this.llm,
      llmModel: LLM_MODEL,
      rateLimited: this.rateLimited,
    };
    const pid = this.main.pid;
    const rssBeforeMb = rssMb(pid);
    const watch = watchStatus(this.main.url);
    const started = Date.now();
    let outcome: string;
    let checks: Check[];
    let unfinished = false;
    try {
      ({ outcome, checks, unfinished = false } = await probe.run(context));
    } catch (error) {
      outcome = `probe failed: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300);
      checks = [{ what: 'probe ran', ok: false, detail: outcome }];
    }
    const ms = Date.now() - started;
    const status = await watch.stop();
    const rssAfterMb = rssMb(pid);
    const survived = this.main.alive();
    const settled = survived
      ? await rssSettled(pid, rssBeforeMb, this.sizes.settleMs, EXPECTED.rssTolerance)
      : null;
    const report: ProbeReport = {
      item: probe.item,
      id: probe.id,
      title: probe.title,
      status,
      rssBeforeMb,
      rssAfterMb,
      rssSettledMb: settled?.mb ?? Number.NaN,
      settledAfterMs: settled?.afterMs ?? null,
      survived,
      restarted,
      unfinished,
      outcome,
      checks: [
        { what: 'no crash', ok: survived, detail: survived ? 'alive' : `died: ${this.main.lastOutput(3)}` },
        ...checks,
      ],
      ms,
    };
    this.reports.push(report);
    if (unfinished) await this.main.retire();
    return report;
  }
}

/**
 * Waits until `/api/status` answers within 250 ms three times in a row (checked every 200 ms), at most
 * `maxMs`: answers how long that took, or null when the server did not get quiet.
 */
async function quiet(url: string, maxMs: number): Promise<number | null> {
  const started = Date.now();
  let fast = 0;
  while (Date.now() - started < maxMs) {
    const sent = performance.now();
    const ok = await fetch(`${url}/api/status`, { signal: AbortSignal.timeout(5_000) })
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      })
      .catch(() => false);
    fast = ok && performance.now() - sent < 250 ? fast + 1 : 0;
    if (fast >= 3) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

const pad = (text: string, width: number) =>
  text.length > width ? text.slice(0, width) : text.padEnd(width);

/** The table `npm run test:abuse` prints: one row per probe, then each probe's outcome and failed checks. */
export function formatTable(reports: readonly ProbeReport[], scale: string): string {
  const header = [
    'item',
    'probe',
    'status worst',
    'status p99',
    'RSS before',
    'after',
    'settled',
    'alive',
    'checks',
  ];
  const widths = [4, 22, 12, 10, 10, 8, 16, 5, 8];
  const mb = (n: number) => (Number.isNaN(n) ? '-' : `${n} MB`);
  const rows = reports.map((r) => {
    const failed = r.checks.filter((c) => !c.ok).length;
    return [
      String(r.item),
      r.id,
      `${r.status.worstMs} ms`,
      `${r.status.p99Ms} ms`,
      mb(r.rssBeforeMb),
      mb(r.rssAfterMb),
      r.survived
        ? `${mb(r.rssSettledMb)} ${r.settledAfterMs === null ? '(no)' : `${Math.round(r.settledAfterMs / 1000)}s`}`
        : '-',
      r.survived ? 'yes' : 'NO',
      failed ? `${failed} FAIL` : 'ok',
    ];
  });
  const line = (cells: string[]) => `| ${cells.map((c, i) => pad(c, widths[i] ?? c.length)).join(' | ')} |`;
  const out = [
    `Abuse probes (${scale} size). Targets: /api/status p99 <= ${EXPECTED.statusP99Ms} ms during each probe; RSS back within ${EXPECTED.rssTolerance * 100}% ("settled": when, or "(no)"); no crash.`,
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    '',
  ];
  for (const r of reports) {
    out.push(
      `${r.item} ${r.id} (${r.title}), ${(r.ms / 1000).toFixed(1)} s${r.restarted ? ', on a new process' : ''}:`,
    );
    out.push(`    ${r.outcome}`);
    for (const c of r.checks.filter((x) => !x.ok)) out.push(`    FAIL ${c.what}: ${c.detail}`);
  }
  return out.join('\n');
}
