import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { BillingErrorCode, MemboltError } from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClock } from '@membolt/platform';
import { openBillingEmbeddedStore } from '../adapters/embedded/billing-store.embedded.js';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '../domain/plan-catalogue.js';
import type { BillingStore } from '../ports/billing-store.js';
import { PlanCatalogueService } from './plan-catalogue.service.js';
import { SubscriptionService } from './subscription.service.js';

describe('SubscriptionService', () => {
  let dataDir: string;
  let store: BillingStore;
  let service: SubscriptionService;
  const clock = new TestClock();

  const seed = async (catalogue: PlanCatalogue) => {
    const catalogueService = new PlanCatalogueService(store);
    await store.plans.seed(catalogue);
    service = new SubscriptionService(store, catalogueService, clock);
  };

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-subscriptions-'));
    store = openBillingEmbeddedStore(dataDir);
    clock.set(new Date('2026-04-01T10:00:00.000Z'));
  });

  afterEach(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives a new user the active free plan with a zero balance and the pay-per-use rate of the catalogue', async () => {
    await seed(DEFAULT_PLAN_CATALOGUE);
    expect(await service.init('user-a')).toEqual({
      userId: 'user-a',
      status: 'active',
      plan: 'free',
      balanceCents: 0,
      rateCents: 1,
      conversationsUsed: 0,
      createdAt: clock.now(),
      updatedAt: clock.now(),
    });
  });

  it('is idempotent: a second init returns the existing subscription unchanged', async () => {
    await seed(DEFAULT_PLAN_CATALOGUE);
    const first = await service.init('user-a');
    clock.set(new Date('2026-04-02T10:00:00.000Z'));
    expect(await service.init('user-a')).toEqual(first);
    expect(await service.get('user-a')).toEqual(first);
  });

  it('takes the rate from the stored catalogue', async () => {
    await seed({
      ...DEFAULT_PLAN_CATALOGUE,
      plans: DEFAULT_PLAN_CATALOGUE.plans.map((plan) =>
        plan.id === 'pay-per-use' ? { ...plan, ratePerCallCents: 3 } : plan,
      ),
    });
    expect((await service.init('user-a')).rateCents).toBe(3);
  });

  it('answers subscription_not_found for a user without one', async () => {
    await seed(DEFAULT_PLAN_CATALOGUE);
    const error = await service.get('nobody').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemboltError);
    expect(error).toMatchObject({
      code: BillingErrorCode.SubscriptionNotFound,
      message: 'No subscription found for this user.',
    });
  });
});
