import { describe, expect, it, jest } from '@jest/globals';
import { PlanCatalogueCache } from '@membolt/bff';
import { BILLING_STORE, PlanCatalogueService } from '@membolt/billing/testing';
import { useStandalone } from './support/standalone.js';

jest.setTimeout(60_000);

interface CatalogueAnswer {
  data: { planCatalogue: { plans: Array<{ id: string; name: string }> } };
}

/**
 * The BFF answers `planCatalogue` from its copy of billing's catalogue; an edit of the catalogue in billing's
 * store shows in the first query after billing reads the store again (its minute's read, `refresh`).
 */
describe('GraphQL planCatalogue after the catalogue changes', () => {
  const product = useStandalone('plan-catalogue');
  const planNames = async () => {
    const response = await fetch(`${product.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ planCatalogue { plans { id name } } }' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CatalogueAnswer;
    return Object.fromEntries(body.data.planCatalogue.plans.map((plan) => [plan.id, plan.name]));
  };

  it('shows an operator’s edit in the next query once billing has read it', async () => {
    const before = await planNames();
    expect(before.pro).toBe('Pro');
    const billing = product.app.get(PlanCatalogueService, { strict: false });
    const store = product.app.get<{ plans: { load(): Promise<{ plans: Array<{ id: string }> }> } }>(
      BILLING_STORE,
      { strict: false },
    );
    const stored = await store.plans.load();
    // An operator renames a plan in the store (what the store's next reads answer).
    jest.spyOn(store.plans, 'load').mockResolvedValue({
      ...stored,
      plans: stored.plans.map((plan) => (plan.id === 'pro' ? { ...plan, name: 'Pro, renamed' } : plan)),
    });
    // Until billing reads the store again, the BFF's copy is billing's answer.
    expect(await planNames()).toEqual(before);
    const copyDropped = new Promise<void>((resolve) => {
      const cache = product.app.get(PlanCatalogueCache, { strict: false });
      jest.spyOn(cache, 'drop').mockImplementationOnce(function (this: PlanCatalogueCache) {
        PlanCatalogueCache.prototype.drop.call(this);
        resolve();
      });
    });
    await billing.refresh();
    await copyDropped;
    expect(await planNames()).toEqual({ ...before, pro: 'Pro, renamed' });
  });
});
