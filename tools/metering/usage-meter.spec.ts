import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Module } from '@nestjs/common';
import { BillingModule } from '@membolt/billing';
import { InProcessBroker } from '@membolt/bus';
import { type BusTestApp, startBusServices } from '@membolt/bus/testing';
import {
  ADD_FUNDS_MIN_CENTS,
  PaymentSubjects,
  SubscriptionSubjects,
  UsageSubjects,
} from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageMeter, usageMeteringProviders } from '@membolt/edge';
import { sharedUsageOutboxIn } from '@membolt/embedded-store';

/** The meter of an edge with its outbox, against the real billing service on one in-process bus. */
describe('UsageMeter with billing', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-usage-meter-'));
  const broker = new InProcessBroker();
  const requested: string[] = [];
  let services: BusTestApp;
  let meter: UsageMeter;

  beforeAll(async () => {
    const request = broker.request.bind(broker);
    broker.request = (subject, data, respond) => {
      requested.push(subject);
      request(subject, data, respond);
    };
    @Module({ providers: usageMeteringProviders(sharedUsageOutboxIn(dataDir)), exports: [UsageMeter] })
    class MeterModule {}
    services = await startBusServices({ transport: 'in-process', broker }, 'billing', [
      BillingModule.forRoot({ store: { kind: 'embedded', dataDir } }),
      MeterModule,
    ]);
    meter = services.app.get(UsageMeter);
  });

  afterAll(async () => {
    await services?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const asUser = (userId: string) => ({ userId });
  const search = (userId: string, keyId?: string) => ({
    principal: { userId, ...(keyId ? { keyId } : {}) },
    endpoint: '/search' as const,
    input: { query: { query: 'tea' } },
  });
  const countOf = (subject: string) => requested.filter((name) => name === subject).length;

  it('authorizes plain calls from the cached terms, with no request to billing per call', async () => {
    await services.bus.request(SubscriptionSubjects.init, {}, asUser('alice'));
    requested.length = 0;
    const answers = [];
    for (let i = 0; i < 3; i++)
      answers.push(await meter.run(search('alice', 'key-1'), async () => ({ results: ['a', 'b'] })));
    expect(countOf(UsageSubjects.terms.name)).toBe(1);
    expect(countOf(UsageSubjects.authorize.name)).toBe(0);
    // The cost is priced from the terms: developer API tokens at 30 cents per million.
    for (const { usage } of answers) expect(usage.costMicrocents).toBe(usage.tokens * 30);

    await meter.settle();
    const summary = await services.bus.request(UsageSubjects.summary, {}, asUser('alice'));
    expect(summary.totals).toMatchObject({
      calls: 3,
      tokens: answers.reduce((sum, { usage }) => sum + usage.tokens, 0),
      costMicrocents: answers.reduce((sum, { usage }) => sum + usage.costMicrocents, 0),
    });
  });

  it('refuses with the reason as soon as billing says the subscription changed, and runs nothing', async () => {
    await services.bus.request(SubscriptionSubjects.init, {}, asUser('bob'));
    await meter.run(search('bob'), async () => 'ok');
    await services.bus.request(SubscriptionSubjects.setStatus, { status: 'inactive' }, asUser('bob'));
    let ran = false;
    await expect(
      meter.run(search('bob'), async () => {
        ran = true;
      }),
    ).rejects.toMatchObject({ code: 'subscription_invalid', message: 'Your subscription is inactive.' });
    expect(ran).toBe(false);
  });

  it('has billing authorize a call that is charged, and gives a failed call its cent back before it fails', async () => {
    const carol = asUser('carol');
    await services.bus.request(SubscriptionSubjects.init, {}, carol);
    await services.bus.request(SubscriptionSubjects.setPlan, { plan: 'pay-per-use' }, carol);
    await services.bus.request(PaymentSubjects.addFunds, { amountCents: ADD_FUNDS_MIN_CENTS }, carol);
    requested.length = 0;
    const { usage } = await meter.run(search('carol', 'key-9'), async () => 'found');
    expect(countOf(UsageSubjects.authorize.name)).toBe(1);
    expect(usage.costMicrocents).toBe(1_000_000 + usage.tokens * 30);
    expect((await services.bus.request(SubscriptionSubjects.get, {}, carol)).balanceCents).toBe(
      ADD_FUNDS_MIN_CENTS - 1,
    );

    await expect(
      meter.run(search('carol'), async () => {
        throw new Error('handler failed');
      }),
    ).rejects.toThrow('handler failed');
    expect((await services.bus.request(SubscriptionSubjects.get, {}, carol)).balanceCents).toBe(
      ADD_FUNDS_MIN_CENTS - 1,
    );
  });
});
