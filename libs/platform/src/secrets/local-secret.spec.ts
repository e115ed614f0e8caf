import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateLocalSecret } from './local-secret.js';

describe('loadOrCreateLocalSecret', () => {
  it('creates a strong secret once, owner-readable only, and returns the same one afterwards', () => {
    const dir = mkdtempSync(join(tmpdir(), 'membolt-secret-'));
    try {
      const first = loadOrCreateLocalSecret(dir, 'auth-token');
      expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
      expect(loadOrCreateLocalSecret(dir, 'auth-token')).toBe(first);
      expect(statSync(join(dir, 'secrets', 'auth-token')).mode & 0o777).toBe(0o600);
      expect(loadOrCreateLocalSecret(dir, 'other')).not.toBe(first);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rejects names that could escape the folder', () => {
    expect(() => loadOrCreateLocalSecret('/tmp', '../x')).toThrow('Invalid secret name');
  });
});
