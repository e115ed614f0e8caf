import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { EventLoopUtilization } from 'node:perf_hooks';
import {
  IdleMallocTrim,
  type IdleMallocTrimProbes,
  loadFullGc,
  loadMallocTrim,
  mapsHoldGlibc,
  requestIdleTrim,
} from './idle-malloc-trim.js';

const MB = 1024 * 1024;

/** A process whose RSS and event-loop business the test sets, and which counts the trims asked of it. */
function fakeProcess(start: { rss: number }) {
  const state = { rss: start.rss, busy: 0, trims: 0, rssAfterTrim: start.rss, calls: [] as string[] };
  const probes: IdleMallocTrimProbes = {
    collect: () => state.calls.push('collect'),
    trim: () => {
      state.calls.push('trim');
      state.trims++;
      state.rss = state.rssAfterTrim;
      return true;
    },
    rss: () => state.rss,
    // The trimmer asks for the utilization since its last reading: the test answers the share it set.
    loopUtilization: (since?: EventLoopUtilization) => ({
      idle: 0,
      active: 0,
      utilization: since ? state.busy : 0,
    }),
  };
  return { state, probes };
}

describe('IdleMallocTrim', () => {
  it('trims once a quiet interval follows growth, and not again until RSS grows anew', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    const trimmer = new IdleMallocTrim({ intervalMs: 10_000, followUps: 0 }, probes);
    state.rss = 360 * MB;
    state.rssAfterTrim = 210 * MB;
    expect(trimmer.check()).toBe(true);
    expect(state.trims).toBe(1);
    // Nothing grew since: no second trim.
    expect(trimmer.check()).toBe(false);
    state.rss = 220 * MB;
    expect(trimmer.check()).toBe(false);
    // Grown by the margin again from the level after the trim.
    state.rss = 230 * MB;
    state.rssAfterTrim = 215 * MB;
    expect(trimmer.check()).toBe(true);
    expect(state.trims).toBe(2);
  });

  it('waits while the event loop is busy and trims in the first quiet interval', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    const trimmer = new IdleMallocTrim({ intervalMs: 10_000, maxBusyShare: 0.5 }, probes);
    state.rss = 400 * MB;
    state.busy = 0.9;
    expect(trimmer.check()).toBe(false);
    expect(trimmer.check()).toBe(false);
    state.busy = 0.1;
    expect(trimmer.check()).toBe(true);
    expect(trimmer.trims).toBe(1);
  });

  it('counts growth from the lowest RSS seen, so a heap that shrank by itself is not trimmed for it', () => {
    const { state, probes } = fakeProcess({ rss: 300 * MB });
    const trimmer = new IdleMallocTrim({ intervalMs: 10_000, minGrowthBytes: 16 * MB }, probes);
    state.rss = 250 * MB;
    expect(trimmer.check()).toBe(false);
    state.rss = 260 * MB;
    expect(trimmer.check()).toBe(false);
    state.rss = 270 * MB;
    expect(trimmer.check()).toBe(true);
  });

  it('collects and trims once, in the first quiet interval, after work asks for it though RSS has fallen', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    const trimmer = new IdleMallocTrim({ intervalMs: 10_000, maxBusyShare: 0.5, followUps: 0 }, probes);
    // A burst: trimmed once quiet.
    state.rss = 440 * MB;
    state.rssAfterTrim = 400 * MB;
    expect(trimmer.check()).toBe(true);
    // A worker thread ends: RSS falls by itself, so no growth would ever call for another trim.
    state.rss = 270 * MB;
    state.rssAfterTrim = 225 * MB;
    requestIdleTrim();
    state.busy = 0.9;
    expect(trimmer.check()).toBe(false);
    state.busy = 0.1;
    expect(trimmer.check()).toBe(true);
    expect(state.rss).toBe(225 * MB);
    expect(state.calls).toEqual(['collect', 'trim', 'collect', 'trim']);
    // Asked once: the next quiet look has nothing to do.
    expect(trimmer.check()).toBe(false);
    expect(state.trims).toBe(2);
  });

  it('collects and trims again at the next quiet looks while each gives memory back, ending at the first that gives none', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    // What each collection leaves committed: V8 releases the pages one collection emptied at the next one.
    const heapAfterEachCollection = [130, 60, 60, 45, 45, 45].map((mb) => mb * MB);
    let heap = 140 * MB;
    const trimmer = new IdleMallocTrim(
      { intervalMs: 10_000, maxBusyShare: 0.5 },
      {
        ...probes,
        collect: () => {
          state.calls.push('collect');
          heap = heapAfterEachCollection.shift() ?? heap;
        },
        heapCommitted: () => heap,
      },
    );
    state.rss = 400 * MB;
    state.rssAfterTrim = 390 * MB;
    expect(trimmer.check()).toBe(true);
    // 130 -> 60 MB of heap: a gain, so the next quiet look collects again; a busy one waits.
    state.busy = 0.9;
    expect(trimmer.check()).toBe(false);
    state.busy = 0.1;
    expect(trimmer.check()).toBe(true);
    // The heap held at 60 MB, but RSS fell (the pages the last collection freed, unmapped since): a gain.
    state.rssAfterTrim = 300 * MB;
    expect(trimmer.check()).toBe(true);
    // 60 -> 45 MB.
    expect(trimmer.check()).toBe(true);
    // Neither RSS nor the heap fell: the last follow-up.
    expect(trimmer.check()).toBe(true);
    expect(trimmer.check()).toBe(false);
    expect(state.calls.filter((call) => call === 'collect')).toHaveLength(5);
    expect(state.trims).toBe(5);
  });

  describe('started, with its timers', () => {
    afterEach(() => {
      jest.useRealTimers();
    });

    it('runs the follow-ups `followUpDelayMs` apart, not an interval apart, while they give memory back', () => {
      jest.useFakeTimers();
      const { state, probes } = fakeProcess({ rss: 200 * MB });
      let heap = 140 * MB;
      const heapAfterEachCollection = [130, 100, 70, 70].map((mb) => mb * MB);
      const trimmer = new IdleMallocTrim(
        { intervalMs: 10_000, followUpDelayMs: 2000 },
        {
          ...probes,
          collect: () => {
            state.calls.push('collect');
            heap = heapAfterEachCollection.shift() ?? heap;
          },
          heapCommitted: () => heap,
        },
      ).start();
      state.rss = 400 * MB;
      state.rssAfterTrim = 390 * MB;
      jest.advanceTimersByTime(10_000);
      expect(state.trims).toBe(1);
      // 130 -> 100 -> 70 MB, then nothing: three follow-ups 2 s apart, all before the next interval's look.
      jest.advanceTimersByTime(2000);
      expect(state.trims).toBe(2);
      jest.advanceTimersByTime(2000);
      expect(state.trims).toBe(3);
      jest.advanceTimersByTime(2000);
      expect(state.trims).toBe(4);
      // The last gave nothing: no more looks until the interval's, which finds no growth.
      jest.advanceTimersByTime(12_000);
      expect(state.trims).toBe(4);
      trimmer.stop();
    });

    it('waits out a busy follow-up look and collects at the first quiet one', () => {
      jest.useFakeTimers();
      const { state, probes } = fakeProcess({ rss: 200 * MB });
      const trimmer = new IdleMallocTrim(
        { intervalMs: 10_000, followUpDelayMs: 2000, followUps: 1 },
        probes,
      ).start();
      state.rss = 400 * MB;
      state.rssAfterTrim = 380 * MB;
      jest.advanceTimersByTime(10_000);
      expect(state.trims).toBe(1);
      state.busy = 0.9;
      jest.advanceTimersByTime(4000);
      expect(state.trims).toBe(1);
      state.busy = 0.1;
      jest.advanceTimersByTime(2000);
      expect(state.trims).toBe(2);
      trimmer.stop();
    });
  });

  it('collects at most `followUps` times after a trim, however much each gives back', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    let heap = 500 * MB;
    const trimmer = new IdleMallocTrim(
      { intervalMs: 10_000, followUps: 2 },
      {
        ...probes,
        collect: () => {
          heap -= 10 * MB;
        },
        heapCommitted: () => heap,
      },
    );
    state.rss = 400 * MB;
    expect(trimmer.check()).toBe(true);
    expect(trimmer.check()).toBe(true);
    expect(trimmer.check()).toBe(true);
    expect(trimmer.check()).toBe(false);
    expect(state.trims).toBe(3);
  });

  it('does nothing without a malloc_trim (no glibc) or with an interval of 0', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    const none = new IdleMallocTrim({ intervalMs: 10_000 }, { ...probes, trim: null });
    state.rss = 500 * MB;
    expect(none.active).toBe(false);
    expect(none.check()).toBe(false);
    const off = new IdleMallocTrim({ intervalMs: 0 }, probes);
    expect(off.active).toBe(false);
    off.start();
    off.stop();
    expect(state.trims).toBe(0);
  });

  it("loads this machine's glibc malloc_trim through the FFI and calls it", () => {
    const trim = loadMallocTrim();
    const glibc = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)
      ?.header?.glibcVersionRuntime;
    if (process.platform !== 'linux' || !glibc) {
      expect(trim).toBeNull();
      return;
    }
    if (!trim) throw new Error('no malloc_trim on a glibc Linux');
    // 1 when pages went back to the system, 0 when there were none: a boolean either way, never a throw.
    expect(typeof trim()).toBe('boolean');
  });

  it('tells glibc from musl by the C library a memory map holds', () => {
    const line = (path: string) => `7f1c2e400000-7f1c2e428000 r--p 00000000 fe:01 1573 ${path}`;
    const glibc = [
      line('/usr/lib/x86_64-linux-gnu/libc.so.6'),
      line('/lib/x86_64-linux-gnu/libc-2.31.so'),
      line('/usr/lib/aarch64-linux-gnu/libc.so.6 (deleted)'),
    ];
    for (const mapped of glibc) expect(mapsHoldGlibc(`${line('/usr/bin/node')}\n${mapped}\n`)).toBe(true);
    const others = [
      line('/lib/ld-musl-x86_64.so.1'),
      line('/usr/lib/libcrypto.so.3'),
      line('/opt/app/node_modules/koffi/build/libc.so.6.bak'),
      '7ffd5e9d1000-7ffd5e9f2000 rw-p 00000000 00:00 0                          [stack]',
    ];
    for (const mapped of others) expect(mapsHoldGlibc(`${line('/usr/bin/node')}\n${mapped}\n`)).toBe(false);
  });

  it('collects the heap before each trim, so memory its garbage held is trimmed too', () => {
    const { state, probes } = fakeProcess({ rss: 200 * MB });
    const trimmer = new IdleMallocTrim({ intervalMs: 10_000, followUps: 0 }, probes);
    state.rss = 300 * MB;
    expect(trimmer.check()).toBe(true);
    expect(state.calls).toEqual(['collect', 'trim']);
    expect(trimmer.check()).toBe(false);
    expect(state.calls).toEqual(['collect', 'trim']);
  });

  it('gets a full collection from V8 that frees what nothing references', () => {
    const gc = loadFullGc();
    if (!gc) throw new Error('V8 gave no gc function');
    // Made and dropped in a function of its own, so nothing in this scope references it afterwards.
    const withGarbage = ((): number => {
      const garbage = Array.from({ length: 200_000 }, (_, i) => ({ i, text: `item ${i}` }));
      expect(garbage).toHaveLength(200_000);
      return process.memoryUsage().heapUsed;
    })();
    gc();
    expect(process.memoryUsage().heapUsed).toBeLessThan(withGarbage);
  });
});
