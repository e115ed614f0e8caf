import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { DEFAULT_PLAN_CATALOGUE, type PlanCatalogue } from '../domain/plan-catalogue.js';
import type { BillingStore } from '../ports/billing-store.js';
import type { PlanCatalogueRepository } from '../ports/plan-catalogue.repository.js';

/** The behaviour every PlanCatalogueRepository adapter must have. Run by each adapter's spec. */
export function describePlanCatalogueRepositoryContract(
  adapterName: string,
  makeStore: () => Promise<BillingStore>,
): void {
  describe(`PlanCatalogueRepository contract: ${adapterName}`, () => {
    let store: BillingStore;
    let repository: PlanCatalogueRepository;

    beforeEach(async () => {
      store = await makeStore();
      repository = store.plans;
    });
    afterEach(async () => {
      await store.close();
    });

    it('starts empty and returns the seeded catalogue in sort order', async () => {
      expect((await repository.load()).plans).toEqual([]);
      const shuffled: PlanCatalogue = {
        ...DEFAULT_PLAN_CATALOGUE,
        plans: [...DEFAULT_PLAN_CATALOGUE.plans].reverse(),
      };
      expect(await repository.seed(shuffled)).toBe(DEFAULT_PLAN_CATALOGUE.plans.length);
      expect(await repository.load()).toEqual(DEFAULT_PLAN_CATALOGUE);
    });

    it('keeps unlimited and custom values as null', async () => {
      await repository.seed(DEFAULT_PLAN_CATALOGUE);
      const enterprise = (await repository.load()).plans.find((plan) => plan.id === 'enterprise');
      expect(enterprise).toMatchObject({
        monthlyPriceCents: null,
        conversationsPerMonth: null,
        retentionDays: null,
      });
    });

    it('seeding again inserts nothing and never overwrites stored plans', async () => {
      await repository.seed(DEFAULT_PLAN_CATALOGUE);
      const changed: PlanCatalogue = {
        plans: DEFAULT_PLAN_CATALOGUE.plans.map((plan) => ({ ...plan, name: `${plan.name} (changed)` })),
        developerApi: { centsPerMillionTokens: 99, bringYourOwnKeys: false },
      };
      expect(await repository.seed(changed)).toBe(0);
      expect(await repository.load()).toEqual(DEFAULT_PLAN_CATALOGUE);
    });

    it('adds a plan that is missing from an existing catalogue', async () => {
      const [first, ...rest] = DEFAULT_PLAN_CATALOGUE.plans;
      await repository.seed({ ...DEFAULT_PLAN_CATALOGUE, plans: rest });
      expect(await repository.seed(DEFAULT_PLAN_CATALOGUE)).toBe(1);
      expect((await repository.load()).plans[0]).toEqual(first);
    });
  });
}
