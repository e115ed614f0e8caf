import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { BusClient, BusModule, InProcessBroker } from '@membolt/bus';
import { BillingSubjects, type ListPlansResponse } from '@membolt/contracts';
import { METRICS, type Metrics, TestClock } from '@membolt/platform';
import { runHttpEdge } from '@membolt/runtime';
import { BffModule } from '../bff.module.js';
import { PLAN_CATALOGUE_COPY_TTL_MS, PlanCatalogueCache } from '../billing/plan-catalogue.cache.js';

const catalogue = (name: string): ListPlansResponse => ({
  plans: [
    {
      id: 'free',
      kind: 'subscription',
      name,
      description: 'Free Plan',
      monthlyPriceCents: 0,
      conversationsPerMonth: 10,
      retentionDays: 7,
      ratePerCallCents: 1,
      features: ['a feature'],
      callToAction: 'Start',
      highlighted: false,
      sortOrder: 0,
    },
  ],
  developerApi: { centsPerMillionTokens: 100, bringYourOwnKeys: true },
});

const PLANS =
  'query Plans($kind: PlanKind) { planCatalogue(kind: $kind) { plans { id name } developerApi { centsPerMillionTokens } } }';
const RATE_LIMIT = 40;

/** The headers of an answer that must not differ between two answers of the same request. */
function stableHeaders(response: Response): Record<string, string> {
  const varying = new Set(['date', 'x-correlation-id']);
  return Object.fromEntries([...response.headers].filter(([name]) => !varying.has(name)));
}

/**
 * Repeated public queries answered from a copy of Apollo's own answer, on the real HTTP edge with the BFF's
 * module and billing answering on an in-process bus: the same bytes and headers as Apollo's answer, dropped
 * when billing broadcasts a change, never kept for an answer Apollo would not give every caller alike.
 */
describe('GraphQL answers kept at the platform’s hook', () => {
  let app: INestApplication;
  let url: string;
  let broker: InProcessBroker;
  let clock: TestClock;
  let current: ListPlansResponse;
  let billingAnswers = true;
  let sent = 0;
  // Apollo's execution runs the resolver, which asks the BFF's copy of the catalogue; an answer from a copy does not.
  const resolved = jest.spyOn(PlanCatalogueCache.prototype, 'list');

  beforeAll(async () => {
    broker = new InProcessBroker();
    clock = new TestClock();
    current = catalogue('Free');
    broker.handle(BillingSubjects.listPlans.name, (_data, respond) => {
      if (billingAnswers) respond({ response: current, isDisposed: true });
    });
    ({ app, url } = await runHttpEdge({
      app: 'bff-answer-copies',
      host: '127.0.0.1',
      port: 0,
      logLevel: 'error',
      bodyLimitBytes: 65536,
      imports: [
        BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: 300 }),
        BffModule.forRoot({
          introspection: false,
          accessTokenSecret: 'a-secret-of-at-least-thirty-two-characters',
          publicUrl: 'http://localhost',
          clock,
          rateLimit: { limit: RATE_LIMIT, windowMs: 600_000 },
        }),
      ],
    }));
  });

  afterAll(async () => {
    await app?.close();
  });

  beforeEach(async () => {
    // Each test starts from a catalogue billing has not answered yet.
    current = catalogue(`Free ${Math.random()}`);
    await app.get(BusClient).emit(BillingSubjects.plansChanged, {});
    resolved.mockClear();
  });

  const graphql = (body: object, headers: Record<string, string> = {}) => {
    sent++;
    return fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  };

  const answersCounted = async (operation: string, outcome = 'ok') => {
    const metric = await app.get<symbol, Metrics>(METRICS).graphqlOperationDuration.get();
    const count = metric.values.find(
      (value) =>
        value.metricName === 'membolt_graphql_operation_duration_seconds_count' &&
        value.labels['operation'] === operation &&
        value.labels['outcome'] === outcome,
    );
    return count?.value ?? 0;
  };

  it('answers a repeated query with Apollo’s bytes and headers, without Apollo, and counts it in the metrics', async () => {
    const countedBefore = await answersCounted('Plans');
    const first = await graphql({
      query: PLANS,
      operationName: 'Plans',
      variables: { kind: 'subscription' },
    });
    const firstText = await first.text();
    const second = await graphql({
      query: PLANS,
      operationName: 'Plans',
      variables: { kind: 'subscription' },
    });
    expect(resolved).toHaveBeenCalledTimes(1);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await second.text()).toBe(firstText);
    expect(JSON.parse(firstText)).toMatchObject({
      data: { planCatalogue: { plans: [{ name: current.plans[0]?.name }] } },
    });
    expect(stableHeaders(second)).toEqual(stableHeaders(first));
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(second.headers.get('x-correlation-id')).toMatch(/\S/);
    expect(second.headers.get('x-correlation-id')).not.toBe(first.headers.get('x-correlation-id'));
    expect((await answersCounted('Plans')) - countedBefore).toBe(2);
  });

  it('keeps one answer per text, variables and Accept header', async () => {
    const ask = (variables: object, accept?: string) =>
      graphql({ query: PLANS, variables }, accept ? { accept } : {});
    await ask({});
    await ask({ kind: 'subscription' });
    const graphqlResponse = await ask({}, 'application/graphql-response+json');
    expect(graphqlResponse.headers.get('content-type')).toBe(
      'application/graphql-response+json; charset=utf-8',
    );
    expect(resolved).toHaveBeenCalledTimes(3);
    const again = await ask({}, 'application/graphql-response+json');
    expect(again.headers.get('content-type')).toBe('application/graphql-response+json; charset=utf-8');
    await ask({});
    await ask({ kind: 'subscription' });
    expect(resolved).toHaveBeenCalledTimes(3);
  });

  it('answers billing’s new catalogue once billing broadcasts a change', async () => {
    const names = async () =>
      (
        (await (await graphql({ query: PLANS })).json()) as {
          data: { planCatalogue: { plans: Array<{ name: string }> } };
        }
      ).data.planCatalogue.plans[0]?.name;
    const before = current.plans[0]?.name;
    expect(await names()).toBe(before);
    current = catalogue('Free, renamed');
    expect(await names()).toBe(before);
    await app.get(BusClient).emit(BillingSubjects.plansChanged, {});
    expect(await names()).toBe('Free, renamed');
    expect(resolved).toHaveBeenCalledTimes(2);
  });

  it('keeps an answer no longer than the copy of the catalogue it was made from', async () => {
    await graphql({ query: PLANS });
    clock.advance(PLAN_CATALOGUE_COPY_TTL_MS - 1);
    await graphql({ query: PLANS });
    expect(resolved).toHaveBeenCalledTimes(1);
    current = catalogue('Free, edited');
    clock.advance(1);
    const answer = (await (await graphql({ query: PLANS })).json()) as {
      data: { planCatalogue: { plans: Array<{ name: string }> } };
    };
    expect(answer.data.planCatalogue.plans[0]?.name).toBe('Free, edited');
    expect(resolved).toHaveBeenCalledTimes(2);
  });

  it('does not keep an answer with errors, a query with another root field, or a body with extensions', async () => {
    billingAnswers = false;
    const failed = await graphql({ query: PLANS });
    billingAnswers = true;
    expect(((await failed.json()) as { errors?: unknown[] }).errors).toHaveLength(1);
    expect((await graphql({ query: PLANS })).status).toBe(200);
    expect(resolved).toHaveBeenCalledTimes(2);

    // planCatalogue next to a field that needs a session: refused, every time, by Apollo's own pipeline.
    const mixed = '{ planCatalogue { plans { id } } apiKeys { id } }';
    const refusals = [await graphql({ query: mixed }), await graphql({ query: mixed })];
    expect(resolved).toHaveBeenCalledTimes(4);
    const [one, two] = await Promise.all(refusals.map((r) => r.text()));
    expect(two).toBe(one);

    const withExtensions = { query: PLANS, extensions: { persistedQuery: { version: 1, sha256Hash: 'x' } } };
    const refused = [await graphql(withExtensions), await graphql(withExtensions)];
    expect(refused.map((r) => r.status)).toEqual([400, 400]);
  });

  it('goes to Apollo for a body that is not JSON, so its CSRF rule answers', async () => {
    sent++;
    const simple = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: PLANS }),
    });
    expect(simple.status).toBe(400);
    expect(resolved).not.toHaveBeenCalled();
  });

  it('counts answers from a copy in the address’s budget', async () => {
    const statuses: number[] = [];
    while (sent < RATE_LIMIT) statuses.push((await graphql({ query: PLANS })).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const refused = await graphql({ query: PLANS });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
