import { afterAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describePlanCatalogueRepositoryContract } from '../../testing/plan-catalogue-repository.contract.js';
import { PlanCatalogueEmbeddedRepository } from './plan-catalogue.embedded.repository.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describePlanCatalogueRepositoryContract('embedded (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-billing-'));
  dirs.push(dir);
  return PlanCatalogueEmbeddedRepository.open(dir);
});
