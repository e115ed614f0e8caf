import type { PlanCatalogue } from '../domain/plan-catalogue.js';

/** Where the plan catalogue is stored. Plans are public: no tenant scope. */
export interface PlanCatalogueRepository {
  load(): Promise<PlanCatalogue>;
  /** Inserts the plans and settings that are missing; never overwrites stored ones. Returns plans inserted. */
  seed(catalogue: PlanCatalogue): Promise<number>;
}
