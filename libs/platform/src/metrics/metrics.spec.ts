import { describe, expect, it } from '@jest/globals';
import { BoundedLabelSet, boundedLabel, Metrics } from './metrics.js';

const sampleOf = async (metrics: Metrics, name: string, labels: Record<string, string>) => {
  const metric = await metrics.registry.getSingleMetric(name)?.get();
  return metric?.values.find((value) =>
    Object.entries(labels).every(([key, expected]) => value.labels[key] === expected),
  )?.value;
};

describe('Metrics', () => {
  it('labels every series with the app and includes process memory and event-loop lag', async () => {
    const metrics = new Metrics({ app: 'unit-app' });
    const { body, contentType } = await metrics.render();
    expect(contentType).toMatch(/^text\/plain/);
    expect(body).toMatch(/^process_resident_memory_bytes\{app="unit-app"\} \d+/m);
    expect(body).toMatch(/^nodejs_eventloop_lag_seconds\{app="unit-app"\} /m);
    expect(body).toMatch(/^nodejs_heap_size_used_bytes\{app="unit-app"\} \d+/m);
  });

  it('keeps apps in one process apart (one registry each)', async () => {
    const [a, b] = [
      new Metrics({ app: 'a', processMetrics: false }),
      new Metrics({ app: 'b', processMetrics: false }),
    ];
    a.httpRequestDuration.observe({ method: 'GET', route: '/x', status: '200' }, 0.01);
    expect((await a.render()).body).toContain('route="/x"');
    expect((await b.render()).body).not.toContain('route="/x"');
  });

  it('reads every registered queue depth at scrape time, and stops after unregistering', async () => {
    const metrics = new Metrics({ app: 'queues', processMetrics: false });
    let pending = 3;
    const unregister = metrics.registerQueue('outbox', () => pending);
    metrics.registerQueue('async_queue', () => Promise.resolve(7));
    expect(await sampleOf(metrics, 'membolt_queue_depth', { queue: 'outbox' })).toBe(3);
    pending = 5;
    expect(await sampleOf(metrics, 'membolt_queue_depth', { queue: 'outbox' })).toBe(5);
    expect(await sampleOf(metrics, 'membolt_queue_depth', { queue: 'async_queue' })).toBe(7);
    unregister();
    expect(await sampleOf(metrics, 'membolt_queue_depth', { queue: 'outbox' })).toBeUndefined();
  });

  it('leaves out a queue whose reader fails instead of failing the scrape', async () => {
    const metrics = new Metrics({ app: 'queues', processMetrics: false });
    metrics.registerQueue('broken', () => Promise.reject(new Error('store down')));
    metrics.registerQueue('fine', () => 1);
    const { body } = await metrics.render();
    expect(body).toContain('membolt_queue_depth{queue="fine",app="queues"} 1');
    expect(body).not.toContain('queue="broken"');
  });

  it('refuses queue names that are not identifiers', () => {
    const metrics = new Metrics({ app: 'queues', processMetrics: false });
    expect(() => metrics.registerQueue('bad name"', () => 0)).toThrow('Invalid queue name');
  });
});

describe('bounded labels', () => {
  it('replaces values that are not short identifiers', () => {
    expect(boundedLabel('GetPlans', 'unknown')).toBe('GetPlans');
    expect(boundedLabel('a"b', 'unknown')).toBe('unknown');
    expect(boundedLabel('x'.repeat(101), 'unknown')).toBe('unknown');
    expect(boundedLabel(null, 'unknown')).toBe('unknown');
  });

  it('keeps the first N distinct values and collapses later new ones into "other"', () => {
    const set = new BoundedLabelSet(2);
    expect(set.label('A', 'unknown')).toBe('A');
    expect(set.label('B', 'unknown')).toBe('B');
    expect(set.label('C', 'unknown')).toBe('other');
    expect(set.label('A', 'unknown')).toBe('A');
    expect(set.label('bad name', 'unknown')).toBe('unknown');
  });
});
