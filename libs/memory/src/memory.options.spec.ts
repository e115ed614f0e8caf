import { describe, expect, it } from '@jest/globals';
import { loadConfig, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';
import {
  DEFAULT_SENTENCE_MAX_SCOPE,
  memoryConfigFields,
  resolveMemorySettings,
  toMemoryModuleOptions,
} from './memory.options.js';

const schema = z.object({ ...storeConfigFields, ...memoryConfigFields });

describe('SENTENCE_ENCODER configuration', () => {
  it('is off unless asked for, and carries use-lite and its scope bound to the module', () => {
    const off = toMemoryModuleOptions(loadConfig(schema, {}));
    expect(off.sentenceEncoder).toBeUndefined();
    expect(resolveMemorySettings(off).sentenceMaxScope).toBe(DEFAULT_SENTENCE_MAX_SCOPE);
    expect(
      toMemoryModuleOptions(loadConfig(schema, { SENTENCE_ENCODER: 'off' })).sentenceEncoder,
    ).toBeUndefined();

    const on = toMemoryModuleOptions(
      loadConfig(schema, { SENTENCE_ENCODER: 'use-lite', SENTENCE_ENCODER_MAX_SCOPE: '500' }),
    );
    expect(on.sentenceEncoder).toEqual({ kind: 'use-lite', maxScope: 500 });
    expect(resolveMemorySettings(on).sentenceMaxScope).toBe(500);
  });

  it('refuses an unknown encoder or a scope bound out of range, naming the variable', () => {
    expect(() => loadConfig(schema, { SENTENCE_ENCODER: 'use' })).toThrow(/SENTENCE_ENCODER/);
    for (const bad of ['0', '100001', '1.5', 'many'])
      expect(() => loadConfig(schema, { SENTENCE_ENCODER_MAX_SCOPE: bad })).toThrow(
        /SENTENCE_ENCODER_MAX_SCOPE/,
      );
  });
});
