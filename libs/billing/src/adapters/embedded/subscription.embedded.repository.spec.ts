import { afterAll } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSubscriptionRepositoryContract } from '../../testing/subscription-repository.contract.js';
import { SubscriptionEmbeddedRepository } from './subscription.embedded.repository.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeSubscriptionRepositoryContract('embedded (SQLite)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'membolt-billing-subscriptions-'));
  dirs.push(dir);
  return SubscriptionEmbeddedRepository.open(dir);
});
