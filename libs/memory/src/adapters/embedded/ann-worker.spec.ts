import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { axisVector } from '../../testing/memory.factory.js';
import { type AnnIndexConfig, AnnWorker } from './ann-worker.js';

const DIM = 8;
const CONFIG: AnnIndexConfig = {
  dimensions: DIM,
  metric: 'cos',
  quantization: 'i8',
  connectivity: 16,
  expansion_add: 128,
  expansion_search: 64,
  multi: false,
};

/** `n` vectors one after another, the i-th along axis i % DIM. */
const vectorsOf = (keys: readonly number[]): Float32Array => {
  const out = new Float32Array(keys.length * DIM);
  keys.forEach((key, i) => out.set(axisVector(DIM, key % DIM, 0.01), i * DIM));
  return out;
};

describe('AnnWorker', () => {
  const started: AnnWorker[] = [];
  const start = (onFailure: (error: Error) => void = () => undefined): AnnWorker => {
    const worker = new AnnWorker(CONFIG, onFailure);
    started.push(worker);
    return worker;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((worker) => worker.terminate()));
  });

  it('answers in the order of the calls: a search made right after an upsert or a removal sees it', async () => {
    const worker = start();
    expect(await worker.open('scope-a')).toBe(0);
    void worker.upsert('scope-a', [1, 2, 3], vectorsOf([1, 2, 3]));
    const first = worker.search('scope-a', axisVector(DIM, 2), 1);
    void worker.remove('scope-a', [2]);
    const second = worker.search('scope-a', axisVector(DIM, 2), 3);
    expect(Array.from((await first).keys)).toEqual([2]);
    expect((await second).size).toBe(2);
    expect(Array.from((await second).keys)).not.toContain(2);
    // An upsert of a key it holds replaces its vector.
    await worker.upsert('scope-a', [1], vectorsOf([5]));
    expect(Array.from((await worker.search('scope-a', axisVector(DIM, 5), 1)).keys)).toEqual([1]);
  });

  it('keeps each scope apart, saves and loads a snapshot, and rejects a search of a scope it does not hold', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-ann-worker-'));
    try {
      const worker = start();
      await worker.open('scope-a');
      await worker.open('scope-b');
      await worker.upsert('scope-a', [1, 2], vectorsOf([1, 2]));
      await worker.upsert('scope-b', [7], vectorsOf([7]));
      expect(Array.from((await worker.search('scope-b', axisVector(DIM, 1), 5)).keys)).toEqual([7]);
      await worker.save('scope-a', join(dir, 'a.usearch'));
      await worker.drop('scope-a');
      await expect(worker.search('scope-a', axisVector(DIM, 1), 1)).rejects.toThrow(
        'no ANN index is open for this scope',
      );
      expect(await worker.open('scope-a', join(dir, 'a.usearch'))).toBe(2);
      expect(Array.from((await worker.search('scope-a', axisVector(DIM, 1), 1)).keys)).toEqual([1]);
      await expect(worker.open('scope-c', join(dir, 'missing.usearch'))).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects the calls made after the thread died and tells its owner once', async () => {
    const onFailure = jest.fn<(error: Error) => void>();
    const worker = start(onFailure);
    await worker.open('scope-a');
    await (worker as unknown as { worker: Worker }).worker.terminate();
    await expect(worker.search('scope-a', axisVector(DIM, 1), 1)).rejects.toThrow('ANN worker exited');
    await expect(worker.idle()).rejects.toThrow('ANN worker exited');
    expect(onFailure).toHaveBeenCalledTimes(1);
  });
});
