import { describe, expect, it } from '@jest/globals';
import { baseConfigFields, ConfigError, loadConfig, storeConfigFields } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import {
  keysConfigFields,
  providerKeysSecretRequiredInProduction,
  toKeysModuleOptions,
} from './keys.options.js';

const SECRET = 'operator-provider-keys-secret-0123456789';
const OLD = 'previous-provider-keys-secret-0123456789';

/** A distributed keys process's schema, as apps/keys builds it. */
const distributed = z
  .object({ ...baseConfigFields, ...storeConfigFields, ...keysConfigFields })
  .superRefine(providerKeysSecretRequiredInProduction);

const problems = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(distributed, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('keys options: the secret that seals provider keys', () => {
  it('is required in production for a distributed keys process, naming the variable', () => {
    expect(problems({ NODE_ENV: 'production' })).toEqual([
      expect.stringMatching(/^PROVIDER_KEYS_SECRET: is required in production \(NODE_ENV=production\)/),
    ]);
    expect(problems({ NODE_ENV: 'production', PROVIDER_KEYS_SECRET: SECRET })).toEqual([]);
  });

  it('refuses short secrets, current or previous', () => {
    expect(problems({ NODE_ENV: 'test', PROVIDER_KEYS_SECRET: 'short' })).toEqual([
      expect.stringMatching(/^PROVIDER_KEYS_SECRET: must be at least 32 characters/),
    ]);
    expect(
      problems({
        NODE_ENV: 'test',
        PROVIDER_KEYS_SECRET: SECRET,
        PROVIDER_KEYS_PREVIOUS_SECRETS: `${OLD},short`,
      }),
    ).toEqual([expect.stringMatching(/^PROVIDER_KEYS_PREVIOUS_SECRETS\.1: each secret must be at least 32/)]);
  });

  it('passes the configured secrets to the module', () => {
    const config = loadConfig(distributed, {
      NODE_ENV: 'production',
      PROVIDER_KEYS_SECRET: SECRET,
      PROVIDER_KEYS_PREVIOUS_SECRETS: ` ${OLD} ,`,
    });
    expect(toKeysModuleOptions(config).providerKeyEncryption).toEqual({
      secret: SECRET,
      previousSecrets: [OLD],
    });
  });

  it('outside production, generates one secret once under DATA_DIR/secrets and keeps it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'membolt-keys-options-'));
    try {
      const config = loadConfig(distributed, { NODE_ENV: 'development', DATA_DIR: dataDir });
      const first = toKeysModuleOptions(config).providerKeyEncryption;
      expect(first.secret.length).toBeGreaterThanOrEqual(32);
      expect(first.previousSecrets).toEqual([]);
      expect(toKeysModuleOptions(config).providerKeyEncryption.secret).toBe(first.secret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
