import { describe, expect, it } from '@jest/globals';
import { loadConfig, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';
import {
  DEFAULT_BACKGROUND_MAX_DELAY_MS,
  DEFAULT_BACKGROUND_QUIET_MS,
  DEFAULT_SENTENCE_MAX_SCOPE,
  DEFAULT_SESSION_GAP_MINUTES,
  memoryConfigFields,
  resolveMemorySettings,
  toMemoryModuleOptions,
} from './memory.options.js';

const schema = z.object({ ...storeConfigFields, ...memoryConfigFields });

describe('SENTENCE_ENCODER configuration', () => {
  it('is auto unless set (decision 212), and carries auto (small scopes only), use-lite and the scope bound to the module', () => {
    const byDefault = toMemoryModuleOptions(loadConfig(schema, {}));
    expect(byDefault.sentenceEncoder).toEqual({
      kind: 'use-lite',
      maxScope: DEFAULT_SENTENCE_MAX_SCOPE,
      encodes: 'small-scopes',
    });
    const auto = toMemoryModuleOptions(loadConfig(schema, { SENTENCE_ENCODER: 'auto' }));
    expect(auto.sentenceEncoder).toEqual({
      kind: 'use-lite',
      maxScope: DEFAULT_SENTENCE_MAX_SCOPE,
      encodes: 'small-scopes',
    });
    expect(resolveMemorySettings(auto)).toMatchObject({
      sentenceMaxScope: DEFAULT_SENTENCE_MAX_SCOPE,
      sentenceEncodes: 'small-scopes',
    });

    const off = toMemoryModuleOptions(loadConfig(schema, { SENTENCE_ENCODER: 'off' }));
    expect(off.sentenceEncoder).toBeUndefined();
    expect(resolveMemorySettings(off).sentenceMaxScope).toBe(DEFAULT_SENTENCE_MAX_SCOPE);

    const on = toMemoryModuleOptions(
      loadConfig(schema, { SENTENCE_ENCODER: 'use-lite', SENTENCE_ENCODER_MAX_SCOPE: '500' }),
    );
    expect(on.sentenceEncoder).toEqual({ kind: 'use-lite', maxScope: 500, encodes: 'every-scope' });
    expect(resolveMemorySettings(on)).toMatchObject({
      sentenceMaxScope: 500,
      sentenceEncodes: 'every-scope',
    });

    const small = toMemoryModuleOptions(
      loadConfig(schema, { SENTENCE_ENCODER: 'auto', SENTENCE_ENCODER_MAX_SCOPE: '300' }),
    );
    expect(small.sentenceEncoder).toEqual({ kind: 'use-lite', maxScope: 300, encodes: 'small-scopes' });
  });

  it('refuses an unknown encoder or a scope bound out of range, naming the variable', () => {
    expect(() => loadConfig(schema, { SENTENCE_ENCODER: 'use' })).toThrow(/SENTENCE_ENCODER/);
    for (const bad of ['0', '100001', '1.5', 'many'])
      expect(() => loadConfig(schema, { SENTENCE_ENCODER_MAX_SCOPE: bad })).toThrow(
        /SENTENCE_ENCODER_MAX_SCOPE/,
      );
  });
});

describe('MEMORY_SESSION_GAP_MINUTES configuration', () => {
  it('ends an inferred session after 30 minutes unless set; 0 turns inferred sessions off', () => {
    const byDefault = toMemoryModuleOptions(loadConfig(schema, {}));
    expect(byDefault.sessionGapMs).toBe(DEFAULT_SESSION_GAP_MINUTES * 60_000);
    expect(resolveMemorySettings(byDefault).sessionGapMs).toBe(30 * 60_000);
    const off = toMemoryModuleOptions(loadConfig(schema, { MEMORY_SESSION_GAP_MINUTES: '0' }));
    expect(resolveMemorySettings(off).sessionGapMs).toBe(0);
    const day = toMemoryModuleOptions(loadConfig(schema, { MEMORY_SESSION_GAP_MINUTES: '1440' }));
    expect(resolveMemorySettings(day).sessionGapMs).toBe(86_400_000);
  });

  it('refuses a gap out of range or not a whole number of minutes, naming the variable', () => {
    for (const bad of ['-1', '1441', '2.5', 'soon'])
      expect(() => loadConfig(schema, { MEMORY_SESSION_GAP_MINUTES: bad })).toThrow(
        /MEMORY_SESSION_GAP_MINUTES/,
      );
  });
});

describe('MEMORY_BACKGROUND_QUIET_MS and MEMORY_BACKGROUND_MAX_DELAY_MS configuration', () => {
  it('waits for a 1 s pause, at most 10 s, unless set; 0 and 0 sweep at once', () => {
    const byDefault = toMemoryModuleOptions(loadConfig(schema, {}));
    expect(byDefault.backgroundPacing).toEqual({
      quietMs: DEFAULT_BACKGROUND_QUIET_MS,
      maxDelayMs: DEFAULT_BACKGROUND_MAX_DELAY_MS,
    });
    expect(resolveMemorySettings(byDefault).backgroundPacing).toEqual({ quietMs: 1_000, maxDelayMs: 10_000 });
    const now = toMemoryModuleOptions(
      loadConfig(schema, { MEMORY_BACKGROUND_QUIET_MS: '0', MEMORY_BACKGROUND_MAX_DELAY_MS: '0' }),
    );
    expect(resolveMemorySettings(now).backgroundPacing).toEqual({ quietMs: 0, maxDelayMs: 0 });
  });

  it('refuses a value out of range, and a bound shorter than the pause it bounds, naming the variables', () => {
    for (const bad of ['-1', '2.5', 'soon', '60001'])
      expect(() => loadConfig(schema, { MEMORY_BACKGROUND_QUIET_MS: bad })).toThrow(
        /MEMORY_BACKGROUND_QUIET_MS/,
      );
    for (const bad of ['-1', '600001'])
      expect(() => loadConfig(schema, { MEMORY_BACKGROUND_MAX_DELAY_MS: bad })).toThrow(
        /MEMORY_BACKGROUND_MAX_DELAY_MS/,
      );
    expect(() =>
      toMemoryModuleOptions(
        loadConfig(schema, { MEMORY_BACKGROUND_QUIET_MS: '5000', MEMORY_BACKGROUND_MAX_DELAY_MS: '1000' }),
      ),
    ).toThrow(/MEMORY_BACKGROUND_MAX_DELAY_MS \(1000\) must be at least MEMORY_BACKGROUND_QUIET_MS \(5000\)/);
  });
});
