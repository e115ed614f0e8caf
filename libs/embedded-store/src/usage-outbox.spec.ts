import { afterEach, describe, expect, it } from '@jest/globals';
import { USAGE_BATCH_MAX, type UsageEvent } from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedUsageOutbox, openSharedUsageOutbox } from './usage-outbox.js';

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

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20_000) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('EmbeddedUsageOutbox', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-usage-outbox-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('keeps what billing did not take on disk and sends it, oldest first, when opened again', async () => {
    const dir = dataDir();
    const down = EmbeddedUsageOutbox.open(
      dir,
      'usage-outbox',
      () => Promise.reject(new Error('billing down')),
      {
        retryMs: 60_000,
      },
    );
    const appended = [event(), event(), event()];
    await Promise.all(appended.map((e) => down.append(e)));
    expect(down.pending()).toBe(3);
    await down.close();

    const received: UsageEvent[] = [];
    const up = EmbeddedUsageOutbox.open(dir, 'usage-outbox', async (events) => {
      received.push(...events);
    });
    await up.settle();
    expect(received).toEqual(appended);
    expect(up.pending()).toBe(0);
    await up.close();
  });

  it(`sends batches of at most ${USAGE_BATCH_MAX}, removing each once billing has taken it`, async () => {
    const batches: number[] = [];
    const outbox = EmbeddedUsageOutbox.open(dataDir(), 'usage-outbox', async (events) => {
      batches.push(events.length);
    });
    await Promise.all(Array.from({ length: 1200 }, () => outbox.append(event())));
    await outbox.settle();
    expect(batches).toEqual([500, 500, 200]);
    expect(outbox.pending()).toBe(0);
    await outbox.close();
  });

  it('retries a failed send until billing takes the events, and loses none', async () => {
    let attempts = 0;
    const received: UsageEvent[] = [];
    const outbox = EmbeddedUsageOutbox.open(
      dataDir(),
      'usage-outbox',
      async (events) => {
        if (++attempts <= 2) throw new Error('billing not answering');
        received.push(...events);
      },
      { flushDelayMs: 1, retryMs: 5 },
    );
    const appended = [event(), event()];
    await Promise.all(appended.map((e) => outbox.append(e)));
    await until(() => outbox.pending() === 0, 'the retried send');
    expect(received).toEqual(appended);
    await outbox.close();
  });

  it('is one outbox per directory in a process, closed when its last user closes it', async () => {
    const dir = dataDir();
    const received: UsageEvent[] = [];
    const send = async (events: UsageEvent[]) => {
      received.push(...events);
    };
    const gateway = openSharedUsageOutbox(dir, send);
    const bff = openSharedUsageOutbox(dir, send);
    const first = event();
    const second = event();
    await gateway.append(first);
    await bff.append(second);
    // Settling either one settles what both appended.
    await bff.settle();
    expect(received).toEqual([first, second]);
    await gateway.close();
    await bff.append(event());
    await bff.close();
    expect(received).toHaveLength(3);
  });
});
