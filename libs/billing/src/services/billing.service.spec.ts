import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import {
  type AuthorizeUsageRequest,
  BillingErrorCode,
  CommonErrorCode,
  KeysErrorCode,
  type UsageEvent,
} from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openBillingEmbeddedStore } from '../adapters/embedded/billing-store.embedded.js';
import { DEFAULT_PLAN_CATALOGUE } from '../domain/plan-catalogue.js';
import type { BillingStore } from '../ports/billing-store.js';
import { type BillingServices, makeBillingServices } from '../testing/billing-services.factory.js';

const FIVE_MINUTES = 300_000;

describe('billing rules (embedded store, test clock)', () => {
  let dataDir: string;
  let store: BillingStore;
  let billing: BillingServices;
  const clock = new TestClock();
  let calls = 0;

  const call = (overrides: Partial<AuthorizeUsageRequest> = {}): AuthorizeUsageRequest => ({
    endpoint: '/memories',
    method: 'GET',
    idempotencyKey: `call-${++calls}`,
    ...overrides,
  });
  const chat = (): AuthorizeUsageRequest =>
    call({ endpoint: '/chat', method: 'POST', newConversation: true });
  const onPayPerUse = async (userId: string, balanceCents: number) => {
    await billing.subscriptions.init(userId);
    await billing.payments.setPlan(userId, 'pay-per-use');
    if (balanceCents > 0) await billing.ledger.topUp(userId, balanceCents, `seed-${userId}`, 'seed');
  };

  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-billing-rules-'));
    store = openBillingEmbeddedStore(dataDir);
    clock.set(new Date('2026-04-01T10:00:00.000Z'));
    billing = await makeBillingServices(store, clock);
  });

  afterEach(async () => {
    await store.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('subscriptions', () => {
    it('gives a new user the active free plan, idempotently, with the catalogue’s limits', async () => {
      const first = await billing.subscriptions.init('user-a');
      expect(first).toMatchObject({
        subscription: { plan: 'free', status: 'active', balanceCents: 0, rateCents: 1, conversationsUsed: 0 },
        conversationsLimit: 10,
        retentionDays: 7,
        renewsAt: new Date('2026-05-01T00:00:00.000Z'),
      });
      expect(first.subscription.usageResetAt).toEqual(new Date('2026-04-01T00:00:00.000Z'));
      clock.advance(1000);
      expect(await billing.subscriptions.init('user-a')).toEqual({ ...first });
    });

    it('answers subscription_not_found for a user without one', async () => {
      await expect(billing.subscriptions.get('nobody')).rejects.toMatchObject({
        code: BillingErrorCode.SubscriptionNotFound,
        message: 'No subscription found for this user.',
      });
    });

    it('changes to every plan of the catalogue, recording each change in the ledger', async () => {
      await billing.subscriptions.init('user-a');
      for (const plan of ['basic', 'pro', 'free'] as const) {
        const action = await billing.payments.changePlan('user-a', plan);
        expect(action).toMatchObject({
          status: 'applied',
          checkoutUrl: null,
          subscription: { subscription: { plan } },
        });
      }
      // Plans without a price are the operator's to give.
      for (const plan of ['enterprise', 'pay-per-use'] as const) {
        expect(await billing.payments.setPlan('user-a', plan)).toMatchObject({ subscription: { plan } });
      }
      const ledger = await billing.ledger.list('user-a');
      expect(ledger.entries.map((entry) => entry.description)).toEqual([
        'Plan changed from enterprise to pay-per-use',
        'Plan changed from free to enterprise',
        'Plan changed from pro to free',
        'Plan changed from basic to pro',
        'Plan changed from free to basic',
      ]);
      expect(ledger.entries.every((entry) => entry.kind === 'plan_change' && entry.amountCents === 0)).toBe(
        true,
      );
      await billing.payments.changePlan('user-a', 'free');
      await expect(billing.payments.changePlan('user-a', 'free')).rejects.toMatchObject({
        code: CommonErrorCode.Conflict,
      });
    });

    it('never lets a user take a plan without a monthly price (Enterprise, Pay-per-use), changing nothing', async () => {
      await billing.subscriptions.init('user-a');
      for (const plan of ['enterprise', 'pay-per-use'] as const) {
        const name = DEFAULT_PLAN_CATALOGUE.plans.find((entry) => entry.id === plan)?.name ?? plan;
        await expect(billing.payments.changePlan('user-a', plan)).rejects.toMatchObject({
          code: CommonErrorCode.Forbidden,
          message: `The ${name} plan is set up by our team: write to support@membolt.test to get it.`,
        });
      }
      expect((await billing.subscriptions.get('user-a')).plan).toBe('free');
      expect((await billing.ledger.list('user-a')).entries).toEqual([]);
      // Leaving such a plan for Free is always the user's own choice.
      await billing.payments.setPlan('user-a', 'enterprise');
      expect(await billing.payments.changePlan('user-a', 'free')).toMatchObject({ status: 'applied' });
    });
  });

  describe('the subscription check', () => {
    it('is valid with plan, balance, rate and usage', async () => {
      await billing.subscriptions.init('user-a');
      expect(await billing.subscriptions.check('user-a')).toEqual({
        valid: true,
        reason: null,
        plan: 'free',
        balanceCents: 0,
        rateCents: 1,
        conversationsUsed: 0,
        conversationsLimit: 10,
      });
    });

    it('answers user_not_found for a user without a subscription', async () => {
      expect(await billing.subscriptions.check('ghost')).toMatchObject({
        valid: false,
        reason: 'user_not_found',
      });
    });

    it('answers inactive_account for any status but active', async () => {
      await billing.subscriptions.init('user-a');
      await billing.subscriptions.setStatus('user-a', 'inactive');
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: false,
        reason: 'inactive_account',
      });
    });

    it('answers insufficient_balance on pay-per-use with a balance below the rate', async () => {
      await onPayPerUse('user-a', 0);
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: false,
        reason: 'insufficient_balance',
        plan: 'pay-per-use',
        balanceCents: 0,
        rateCents: 1,
      });
      await billing.ledger.topUp('user-a', 100, 'r1', 'top-up');
      expect(await billing.subscriptions.check('user-a')).toMatchObject({ valid: true, balanceCents: 100 });
    });

    it('answers free_tier_limit_reached at the tenth conversation of the month', async () => {
      await billing.subscriptions.init('user-a');
      for (let i = 0; i < 10; i++)
        expect((await billing.usage.authorize('user-a', chat())).allowed).toBe(true);
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: false,
        reason: 'free_tier_limit_reached',
        conversationsUsed: 10,
        conversationsLimit: 10,
      });
      expect(await billing.usage.authorize('user-a', chat())).toEqual({
        allowed: false,
        reason: 'free_tier_limit_reached',
        chargedCents: 0,
        conversation: false,
      });
      // Basic's own monthly limit (20) applies after an upgrade; enterprise has none.
      await billing.payments.changePlan('user-a', 'basic');
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: true,
        conversationsLimit: 20,
      });
      await billing.payments.setPlan('user-a', 'enterprise');
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: true,
        conversationsLimit: null,
      });
    });

    it('answers validation_error when the check itself fails, and does not cache it', async () => {
      await billing.subscriptions.init('user-a');
      await store.close();
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: false,
        reason: 'validation_error',
      });
      expect(billing.cache.get('user-a')).toBeUndefined();
    });

    it('resets the monthly count at the calendar month (usage.last_reset)', async () => {
      await billing.subscriptions.init('user-a');
      for (let i = 0; i < 10; i++) await billing.usage.authorize('user-a', chat());
      expect((await billing.subscriptions.check('user-a')).reason).toBe('free_tier_limit_reached');
      clock.set(new Date('2026-05-01T00:00:00.000Z'));
      billing.cache.drop('user-a');
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: true,
        conversationsUsed: 0,
      });
      expect((await billing.usage.authorize('user-a', chat())).allowed).toBe(true);
      expect(await billing.subscriptions.get('user-a')).toMatchObject({
        conversationsUsed: 1,
        usageResetAt: new Date('2026-05-01T00:00:00.000Z'),
      });
    });
  });

  describe('the check cache', () => {
    it('keeps a check for 5 minutes', async () => {
      await billing.subscriptions.init('user-a');
      expect((await billing.subscriptions.check('user-a')).valid).toBe(true);
      // Changed behind the service's back (no event): the cached answer stands until it expires.
      await store.subscriptions.update('user-a', { status: 'inactive' }, clock.now());
      clock.advance(FIVE_MINUTES - 1);
      expect((await billing.subscriptions.check('user-a')).valid).toBe(true);
      clock.advance(1);
      expect((await billing.subscriptions.check('user-a')).reason).toBe('inactive_account');
    });

    it('drops the user’s entry at every change of subscription, balance or usage, and broadcasts it', async () => {
      await onPayPerUse('user-a', 2);
      expect(await billing.subscriptions.check('user-a')).toMatchObject({ valid: true, balanceCents: 2 });
      billing.broadcasts.length = 0;
      await billing.usage.authorize('user-a', call());
      expect(billing.broadcasts).toEqual(['user-a']);
      expect(await billing.subscriptions.check('user-a')).toMatchObject({ valid: true, balanceCents: 1 });
      await billing.usage.authorize('user-a', call());
      expect(await billing.subscriptions.check('user-a')).toMatchObject({
        valid: false,
        reason: 'insufficient_balance',
      });
      await billing.payments.addFunds('user-a', 500);
      expect(await billing.subscriptions.check('user-a')).toMatchObject({ valid: true, balanceCents: 500 });
      await billing.subscriptions.setStatus('user-a', 'inactive');
      expect((await billing.subscriptions.check('user-a')).reason).toBe('inactive_account');
    });

    it('never lets a limit be overshot through a stale cached check', async () => {
      await onPayPerUse('user-a', 3);
      await billing.subscriptions.check('user-a');
      // Spent behind the cache's back: the charge itself still refuses at zero.
      await store.ledger.apply({
        userId: 'user-a',
        kind: 'charge',
        amountCents: -3,
        description: 'elsewhere',
        idempotencyKey: 'elsewhere',
        createdAt: clock.now(),
      });
      expect((await billing.subscriptions.check('user-a')).valid).toBe(true);
      expect(await billing.usage.authorize('user-a', call())).toMatchObject({
        allowed: false,
        reason: 'insufficient_balance',
      });
      expect(await store.ledger.balance('user-a')).toBe(0);
    });
  });

  describe('metering and the ledger', () => {
    it('charges the rate per charged call on pay-per-use, once per idempotency key', async () => {
      await onPayPerUse('user-a', 10);
      const request = call({ endpoint: '/search' });
      expect(await billing.usage.authorize('user-a', request)).toEqual({
        allowed: true,
        reason: null,
        chargedCents: 1,
        conversation: false,
      });
      // The bus delivers the same message again: the first outcome, no second charge.
      expect(await billing.usage.authorize('user-a', request)).toMatchObject({
        allowed: true,
        chargedCents: 1,
      });
      expect(await store.ledger.balance('user-a')).toBe(9);
      expect(await billing.usage.record('user-a', { ...request, tokens: 120, succeeded: true })).toEqual({
        tokens: 120,
        tokenCostMicrocents: 0,
        chargedCents: 1,
      });
      expect(
        await billing.usage.record('user-a', { ...request, tokens: 999, succeeded: true }),
      ).toMatchObject({
        tokens: 120,
      });
    });

    it('applies 50 concurrent charges on one balance exactly as far as it goes', async () => {
      await onPayPerUse('user-a', 30);
      const requests = Array.from({ length: 50 }, () => call());
      const decisions = await Promise.all(
        requests.map((request) => billing.usage.authorize('user-a', request)),
      );
      expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
      expect(decisions.filter((d) => d.reason === 'insufficient_balance')).toHaveLength(20);
      await Promise.all(requests.map((request) => billing.usage.authorize('user-a', request)));
      expect(await store.ledger.balance('user-a')).toBe(0);
      expect(
        (await store.ledger.list('user-a', 100, 0)).entries.filter((e) => e.kind === 'charge'),
      ).toHaveLength(30);
    });

    it('gives a failed call its charge and its conversation back', async () => {
      await onPayPerUse('user-a', 5);
      const request = call({ endpoint: '/chat', method: 'POST', newConversation: true });
      await billing.usage.authorize('user-a', request);
      expect(await store.ledger.balance('user-a')).toBe(4);
      expect((await store.subscriptions.findByUser('user-a'))?.conversationsUsed).toBe(1);
      expect(await billing.usage.record('user-a', { ...request, tokens: 3, succeeded: false })).toEqual({
        tokens: 3,
        tokenCostMicrocents: 0,
        chargedCents: 0,
      });
      expect(await store.ledger.balance('user-a')).toBe(5);
      expect((await store.subscriptions.findByUser('user-a'))?.conversationsUsed).toBe(0);
      expect((await billing.usage.summary('user-a')).totals.calls).toBe(0);
    });

    it('prices developer API tokens at the catalogue’s 30 cents per million, and sums usage by day', async () => {
      await billing.subscriptions.init('user-a');
      const viaKey = call({ keyId: 'key-1', endpoint: '/search' });
      await billing.usage.authorize('user-a', viaKey);
      expect(await billing.usage.record('user-a', { ...viaKey, tokens: 1000, succeeded: true })).toEqual({
        tokens: 1000,
        tokenCostMicrocents: 30_000,
        chargedCents: 0,
      });
      const viaWeb = call();
      await billing.usage.authorize('user-a', viaWeb);
      await billing.usage.record('user-a', { ...viaWeb, tokens: 50, succeeded: true });
      const summary = await billing.usage.summary('user-a');
      expect(summary).toMatchObject({
        from: new Date('2026-04-01T00:00:00.000Z'),
        to: new Date('2026-05-01T00:00:00.000Z'),
        rows: [
          { day: '2026-04-01', endpoint: '/memories', calls: 1, tokens: 50, costMicrocents: 0 },
          { day: '2026-04-01', endpoint: '/search', calls: 1, tokens: 1000, costMicrocents: 30_000 },
        ],
        totals: { calls: 2, conversations: 0, tokens: 1050, costMicrocents: 30_000, chargedCents: 0 },
      });
      await expect(
        billing.usage.summary('user-a', new Date('2026-04-02T00:00:00Z'), new Date('2026-04-01T00:00:00Z')),
      ).rejects.toMatchObject({ code: CommonErrorCode.ValidationError });
    });

    it('reads the catalogue for pricing at most once a minute (an operator’s edit is seen after that)', async () => {
      await billing.subscriptions.init('user-a');
      let loads = 0;
      const load = store.plans.load.bind(store.plans);
      store.plans.load = () => {
        loads++;
        return load();
      };
      const metered = async () => {
        const viaKey = call({ keyId: 'key-1', endpoint: '/search' });
        await billing.usage.authorize('user-a', viaKey);
        return billing.usage.record('user-a', { ...viaKey, tokens: 1_000_000, succeeded: true });
      };
      await metered();
      await metered();
      const before = loads;
      expect(before).toBeLessThanOrEqual(1);
      clock.advance(59_000);
      await metered();
      expect(loads).toBe(before);
      clock.advance(1_000);
      expect((await metered()).tokenCostMicrocents).toBe(30_000_000);
      expect(loads).toBe(before + 1);
    });

    it('refuses a record that was never authorized', async () => {
      await billing.subscriptions.init('user-a');
      await expect(
        billing.usage.record('user-a', { ...call(), tokens: 1, succeeded: true }),
      ).rejects.toMatchObject({ code: CommonErrorCode.NotFound });
    });

    it('stops a key at its monthly spend cap with spend_cap_reached, other keys unaffected', async () => {
      await onPayPerUse('user-a', 100);
      await billing.usage.setKeyCap('user-a', 'key-1', 2);
      for (let i = 0; i < 2; i++) {
        const request = call({ keyId: 'key-1' });
        expect((await billing.usage.authorize('user-a', request)).allowed).toBe(true);
        await billing.usage.record('user-a', { ...request, tokens: 4, succeeded: true });
      }
      expect(await billing.usage.authorize('user-a', call({ keyId: 'key-1' }))).toMatchObject({
        allowed: false,
        reason: 'spend_cap_reached',
      });
      expect((await billing.usage.authorize('user-a', call({ keyId: 'key-2' }))).allowed).toBe(true);
      expect(await billing.usage.keySpend('user-a')).toEqual([
        { keyId: 'key-1', capCents: 2, spentMicrocents: 2_000_240 },
        { keyId: 'key-2', capCents: null, spentMicrocents: 1_000_000 },
      ]);
      // A new month starts the cap over.
      clock.set(new Date('2026-05-01T00:00:00.000Z'));
      expect((await billing.usage.authorize('user-a', call({ keyId: 'key-1' }))).allowed).toBe(true);
    });
  });

  describe('usage from the edges: terms and batches of outcomes', () => {
    const event = (overrides: Partial<UsageEvent> = {}): UsageEvent => ({
      userId: 'user-a',
      endpoint: '/search',
      method: 'GET',
      idempotencyKey: `event-${++calls}`,
      at: clock.now().toISOString(),
      tokens: 1000,
      succeeded: true,
      authorizedBy: 'edge',
      ...overrides,
    });

    it('answers the terms an edge authorizes plain calls from: the check, the capped keys, the token price', async () => {
      expect(await billing.usage.terms('nobody')).toMatchObject({ valid: false, reason: 'user_not_found' });
      await billing.subscriptions.init('user-a');
      expect(await billing.usage.terms('user-a')).toEqual({
        valid: true,
        reason: null,
        plan: 'free',
        rateCents: 1,
        cappedKeyIds: [],
        centsPerMillionTokens: 30,
      });
      billing.broadcasts.length = 0;
      await billing.usage.setKeyCap('user-a', 'key-1', 5);
      // The edges drop their copy: the key's calls go to billing from now on.
      expect(billing.broadcasts).toEqual(['user-a']);
      expect((await billing.usage.terms('user-a')).cappedKeyIds).toEqual(['key-1']);
    });

    it('applies each edge-authorized outcome once, priced like a recorded call, however often it is sent', async () => {
      await billing.subscriptions.init('user-a');
      const batch = [
        event({ keyId: 'key-1' }),
        event(),
        event({ keyId: 'key-1', succeeded: false, tokens: 7 }),
      ];
      expect(await billing.usage.recordBatch(batch)).toEqual({ applied: 3 });
      expect(await billing.usage.recordBatch(batch)).toEqual({ applied: 0 });
      expect(await billing.usage.recordBatch([batch[0]!, event()])).toEqual({ applied: 1 });
      expect((await billing.usage.summary('user-a')).totals).toEqual({
        calls: 3,
        conversations: 0,
        tokens: 3000,
        costMicrocents: 30_000,
        chargedCents: 0,
      });
      expect(await billing.usage.keySpend('user-a')).toEqual([
        { keyId: 'key-1', capCents: null, spentMicrocents: 30_000 },
      ]);
    });

    it('records a billing-authorized outcome once (a failed call’s charge back once), and skips one never authorized', async () => {
      await onPayPerUse('user-a', 10);
      const charged = call({ endpoint: '/search' });
      expect((await billing.usage.authorize('user-a', charged)).chargedCents).toBe(1);
      const failed = event({
        idempotencyKey: charged.idempotencyKey,
        succeeded: false,
        authorizedBy: 'billing',
      });
      const stranger = event({ userId: 'user-b', authorizedBy: 'billing' });
      expect(await billing.usage.recordBatch([failed, stranger])).toEqual({ applied: 1 });
      expect(await billing.usage.recordBatch([failed])).toEqual({ applied: 0 });
      expect(await store.ledger.balance('user-a')).toBe(10);
      expect((await billing.usage.summary('user-a')).totals.calls).toBe(0);
      expect(await store.usage.find('user-b', stranger.idempotencyKey)).toBeNull();
    });
  });

  describe('per-key spend caps', () => {
    it('sets a cap only on a key the user owns: another user’s key is not found, and nothing is stored', async () => {
      await billing.subscriptions.init('user-a');
      await billing.subscriptions.init('user-b');
      for (const keyId of ['key-1', 'no-such-key']) {
        await expect(billing.usage.setKeyCap('user-b', keyId, 1)).rejects.toMatchObject({
          code: KeysErrorCode.ApiKeyNotFound,
          message: 'API key not found.',
        });
      }
      expect(await billing.usage.keySpend('user-b')).toEqual([]);
      expect(await billing.usage.keySpend('user-a')).toEqual([]);
      expect(await billing.usage.setKeyCap('user-a', 'key-1', 5)).toEqual({
        keyId: 'key-1',
        capCents: 5,
        spentMicrocents: 0,
      });
    });

    it('never lists a cap stored on another user’s key before ownership was checked', async () => {
      await billing.subscriptions.init('user-a');
      await billing.subscriptions.init('user-b');
      // As the old code stored it: user-b's entry on user-a's key.
      await store.usage.setCap('user-b', 'key-1', 7);
      await billing.usage.setKeyCap('user-a', 'key-2', 3);
      expect(await billing.usage.keySpend('user-b')).toEqual([]);
      expect(await billing.usage.keySpend('user-a')).toEqual([
        { keyId: 'key-2', capCents: 3, spentMicrocents: 0 },
      ]);
    });
  });

  describe('payments (the simulation)', () => {
    it('adds funds to the ledger at once, labelled as simulated', async () => {
      await billing.subscriptions.init('user-a');
      const action = await billing.payments.addFunds('user-a', 500, 'click-1');
      expect(action).toMatchObject({
        status: 'applied',
        subscription: { subscription: { balanceCents: 500 } },
      });
      await billing.payments.addFunds('user-a', 500, 'click-1');
      expect(await store.ledger.balance('user-a')).toBe(500);
      expect((await billing.ledger.list('user-a')).entries[0]).toMatchObject({
        kind: 'top_up',
        amountCents: 500,
        description: 'Add funds (simulated payment)',
      });
      expect(billing.payments.info).toMatchObject({ id: 'simulation', simulation: true });
    });

    it('refuses the simulated webhook', async () => {
      await expect(billing.payments.webhook('{}', 'sig')).rejects.toMatchObject({
        code: CommonErrorCode.ValidationError,
      });
    });

    it('takes the pay-per-use rate from the stored catalogue', async () => {
      const other = openBillingEmbeddedStore(mkdtempSync(join(tmpdir(), 'membolt-billing-rate-')));
      const custom = await makeBillingServices(other, clock, {
        catalogue: {
          ...DEFAULT_PLAN_CATALOGUE,
          plans: DEFAULT_PLAN_CATALOGUE.plans.map((plan) =>
            plan.id === 'pay-per-use' ? { ...plan, ratePerCallCents: 3 } : plan,
          ),
        },
      });
      expect((await custom.subscriptions.init('user-a')).subscription.rateCents).toBe(3);
      await other.close();
    });
  });
});
