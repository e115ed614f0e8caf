import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import {
  baseConfigFields,
  httpConfigFields,
  natsUrl,
  storeConfigFields,
  toStoreConfig,
} from './config-fields.js';
import { ConfigError, loadConfig } from './load-config.js';

const schema = z.object({
  ...baseConfigFields,
  ...httpConfigFields(3000),
  ...storeConfigFields,
  NATS_URL: natsUrl,
});

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the documented defaults to an empty environment', () => {
    expect(loadConfig(schema, {})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      LOG_LEVEL: 'info',
      BUS_TIMEOUT_MS: 5000,
      NATS_URL: 'nats://127.0.0.1:4222',
    });
  });

  it('coerces numbers from strings', () => {
    expect(loadConfig(schema, { PORT: '8080', BUS_TIMEOUT_MS: '250' })).toMatchObject({
      PORT: 8080,
      BUS_TIMEOUT_MS: 250,
    });
  });

  it('reports every bad variable by name with the value it got', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      LOG_LEVEL: 'loud',
      NATS_URL: 'http://x',
      MONGO_URL: 'postgres://db',
    });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('PORT:'))).toContain('(got "eighty")');
    expect(problems.find((p) => p.startsWith('LOG_LEVEL:'))).toBeDefined();
    expect(problems.find((p) => p.startsWith('NATS_URL:'))).toContain('must be a NATS URL');
    expect(problems.find((p) => p.startsWith('MONGO_URL:'))).toContain('MongoDB connection string');
  });

  it('rejects out-of-range values', () => {
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT:/);
    expect(problemsOf({ BUS_TIMEOUT_MS: '0' })[0]).toMatch(/^BUS_TIMEOUT_MS:/);
  });

  it('chooses the embedded store unless MONGO_URL is set', () => {
    expect(toStoreConfig(loadConfig(schema, { DATA_DIR: '/tmp/x' }))).toEqual({
      kind: 'embedded',
      dataDir: '/tmp/x',
    });
    expect(toStoreConfig(loadConfig(schema, { MONGO_URL: 'mongodb://db:27017' }))).toEqual({
      kind: 'mongo',
      url: 'mongodb://db:27017',
    });
  });
});
