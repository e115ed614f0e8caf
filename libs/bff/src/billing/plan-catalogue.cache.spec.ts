import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { BusClient, BusModule, InProcessBroker } from '@membolt/bus';
import { BillingSubjects, type ListPlansResponse } from '@membolt/contracts';
import { CLOCK, TestClock } from '@membolt/platform';
import { PLAN_CATALOGUE_COPY_TTL_MS, PlanCatalogueCache } from './plan-catalogue.cache.js';

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

describe('PlanCatalogueCache (the BFF’s copy of billing’s plan catalogue)', () => {
  let broker: InProcessBroker;
  let moduleRef: TestingModule;
  let cache: PlanCatalogueCache;
  let clock: TestClock;
  /** What billing answers now, and the requests it was asked (their `kind`). */
  let current: ListPlansResponse;
  let asked: Array<string | undefined>;
  let answerNext: ((respond: () => void) => void) | null;

  beforeEach(async () => {
    broker = new InProcessBroker();
    clock = new TestClock();
    current = catalogue('Free');
    asked = [];
    answerNext = null;
    broker.handle(BillingSubjects.listPlans.name, (data, respond) => {
      asked.push((data as { data: { kind?: string } }).data.kind);
      const answered = current;
      const send = () => respond({ response: answered, isDisposed: true });
      if (answerNext) answerNext(send);
      else send();
    });
    moduleRef = await Test.createTestingModule({
      imports: [BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: 1000 })],
      providers: [PlanCatalogueCache, { provide: CLOCK, useValue: clock }],
    }).compile();
    await moduleRef.init();
    cache = moduleRef.get(PlanCatalogueCache);
  });

  afterEach(async () => {
    await moduleRef.close();
  });

  const changeInBilling = async (name: string) => {
    current = catalogue(name);
    await moduleRef.get(BusClient).emit(BillingSubjects.plansChanged, {});
  };

  it('asks billing once per kind, then answers from its copy', async () => {
    expect((await cache.list({})).plans[0]?.name).toBe('Free');
    expect((await cache.list({})).plans[0]?.name).toBe('Free');
    await cache.list({ kind: 'subscription' });
    await cache.list({ kind: 'subscription' });
    expect(asked).toEqual([undefined, 'subscription']);
  });

  it('answers billing’s new catalogue on the first query after billing broadcasts a change', async () => {
    await cache.list({});
    await changeInBilling('Free, renamed');
    expect((await cache.list({})).plans[0]?.name).toBe('Free, renamed');
    expect(asked).toHaveLength(2);
  });

  it('does not keep an answer asked for before a change it hears while waiting', async () => {
    let release: () => void = () => undefined;
    answerNext = (send) => {
      release = send;
    };
    const pending = cache.list({});
    await new Promise((resolve) => setImmediate(resolve));
    answerNext = null;
    await changeInBilling('Free, renamed');
    release();
    expect((await pending).plans[0]?.name).toBe('Free');
    expect((await cache.list({})).plans[0]?.name).toBe('Free, renamed');
  });

  it('asks again after a failed request, and after its time without news', async () => {
    answerNext = () => undefined; // billing does not answer: the request times out
    await expect(cache.list({})).rejects.toBeDefined();
    answerNext = null;
    expect((await cache.list({})).plans[0]?.name).toBe('Free');
    const askedBefore = asked.length;
    current = catalogue('Free, edited');
    clock.advance(PLAN_CATALOGUE_COPY_TTL_MS - 1);
    expect((await cache.list({})).plans[0]?.name).toBe('Free');
    clock.advance(1);
    expect((await cache.list({})).plans[0]?.name).toBe('Free, edited');
    expect(asked.length - askedBefore).toBe(1);
  });
});
