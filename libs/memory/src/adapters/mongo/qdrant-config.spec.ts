import { describe, expect, it } from '@jest/globals';
import { loadConfig, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';
import { memoryConfigFields, toMemoryModuleOptions } from '../../memory.options.js';

const schema = z.object({ ...storeConfigFields, ...memoryConfigFields });

describe('Qdrant configuration of the memory service', () => {
  it('needs QDRANT_URL with MONGO_URL and carries the key and collection to the store', () => {
    const mongo = { MONGO_URL: 'mongodb://db:27017' };
    expect(() => toMemoryModuleOptions(loadConfig(schema, mongo))).toThrow(/QDRANT_URL is required/);
    const options = toMemoryModuleOptions(
      loadConfig(schema, { ...mongo, QDRANT_URL: 'http://qdrant:6333', QDRANT_API_KEY: 'secret' }),
    );
    expect(options.qdrant).toEqual({
      url: 'http://qdrant:6333',
      apiKey: 'secret',
      collection: 'membolt_memories',
    });
    expect(toMemoryModuleOptions(loadConfig(schema, {})).qdrant).toBeUndefined();
  });

  it('refuses a malformed URL or collection name, naming the variable', () => {
    expect(() => loadConfig(schema, { QDRANT_URL: 'qdrant:6333' })).toThrow(/QDRANT_URL/);
    expect(() => loadConfig(schema, { QDRANT_COLLECTION: 'a b' })).toThrow(/QDRANT_COLLECTION/);
  });
});
