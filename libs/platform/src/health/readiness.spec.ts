import { describe, expect, it } from '@jest/globals';
import { processReadiness, Readiness } from './readiness.js';

describe('Readiness', () => {
  it('is ready when every check passes, and names each failing check with its reason', async () => {
    const readiness = new Readiness(false);
    readiness.add('nats', () => undefined);
    let storeUp = false;
    readiness.add('store', async () => {
      if (!storeUp) throw new Error('connection refused');
    });
    expect(await readiness.evaluate()).toEqual({
      ready: false,
      checks: { nats: { ok: true }, store: { ok: false, error: 'connection refused' } },
    });
    storeUp = true;
    expect((await readiness.evaluate()).ready).toBe(true);
  });

  it('fails a check that does not answer within the timeout', async () => {
    const readiness = new Readiness(false);
    readiness.add('hung', () => new Promise(() => undefined));
    const report = await readiness.evaluate(50);
    expect(report.ready).toBe(false);
    expect(report.checks['hung']?.error).toBe('no answer within 50 ms');
  });

  it('includes the process-wide store checks, and drops a check once removed', async () => {
    const remove = processReadiness.add('unit-store', () => {
      throw new Error('disk gone');
    });
    const readiness = new Readiness();
    expect((await readiness.evaluate()).checks['unit-store']).toEqual({ ok: false, error: 'disk gone' });
    remove();
    expect((await readiness.evaluate()).checks['unit-store']).toBeUndefined();
  });
});
