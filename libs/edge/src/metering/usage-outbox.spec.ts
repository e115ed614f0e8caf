import { describe, expect, it } from '@jest/globals';
import type { UsageEvent } from '@membolt/contracts';
import { DirectUsageOutbox } from './usage-outbox.js';

let sequence = 0;
const event = (): UsageEvent => ({
  userId: 'user-a',
  endpoint: '/search',
  method: 'GET',
  idempotencyKey: `m-${++sequence}`,
  at: new Date().toISOString(),
  tokens: 10,
  succeeded: true,
  authorizedBy: 'edge',
});

describe('DirectUsageOutbox', () => {
  it('sends the events of one turn in one batch before answering, and logs a failed send', async () => {
    const batches: UsageEvent[][] = [];
    let fail = false;
    const outbox = new DirectUsageOutbox(async (events) => {
      if (fail) throw new Error('billing not answering');
      batches.push(events);
    });
    const together = [event(), event(), event()];
    await Promise.all(together.map((e) => outbox.append(e)));
    expect(batches).toEqual([together]);
    fail = true;
    await expect(outbox.append(event())).resolves.toBeUndefined();
    await outbox.settle();
    expect(batches).toHaveLength(1);
  });
});
