import { afterAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'membolt-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `membolt …` exactly as an operator would (the workspace bin), on a private data directory. */
function membolt(...args: string[]) {
  const result = spawnSync(process.execPath, ['apps/standalone/bin/membolt.js', ...args], {
    cwd: ROOT,
    env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const createUser = (email: string, name: string, password: string) =>
  membolt('user:create', '--email', email, '--name', name, '--password', password);

describe('membolt operator CLI', () => {
  let userId: string;
  let firstKey: string;

  it('user:create prints the new user id and a working API key', () => {
    const result = createUser('ops@example.com', 'Ops', 'ops password 1');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const output = JSON.parse(result.stdout) as { userId: string; apiKey: string };
    expect(output.userId).toMatch(/^[0-9a-f-]{36}$/);
    expect(output.apiKey).toMatch(/^mblt_[A-Za-z0-9]{32}$/);
    ({ userId, apiKey: firstKey } = output);
  });

  it('applies the same validation as sign-up and refuses a taken e-mail', () => {
    const short = createUser('x@example.com', 'X', 'short');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters long');
    for (const [password, message] of [
      ['password', 'This password is too common'],
      ['12345678', 'This password is too common'],
      [' '.repeat(8), 'Password must contain characters other than spaces'],
    ]) {
      const weak = createUser('weak@example.com', 'W', password);
      expect(weak.status).toBe(1);
      expect(weak.stderr).toContain(message);
    }
    const taken = createUser('ops@example.com', 'Ops', 'ops password 1');
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain('email-already-in-use');
  });

  it('key:create adds a key for the user; key:revoke revokes by key or by id', () => {
    const created = membolt('key:create', '--user', userId, '--name', 'Second');
    expect(created.status).toBe(0);
    const second = JSON.parse(created.stdout) as { keyId: string; apiKey: string };
    expect(second.apiKey).not.toBe(firstKey);

    const byKey = membolt('key:revoke', '--key', firstKey);
    expect(byKey.status).toBe(0);
    expect(JSON.parse(byKey.stdout)).toMatchObject({ active: false, userId });
    expect(byKey.stdout).not.toContain(firstKey);
    expect(membolt('key:revoke', '--key', firstKey).stderr).toContain('already revoked');

    const byId = membolt('key:revoke', '--user', userId, '--id', second.keyId);
    expect(JSON.parse(byId.stdout)).toMatchObject({ id: second.keyId, active: false });
  });

  it('key:create refuses a user that does not exist, and the refused key never existed', () => {
    const ghost = membolt('key:create', '--user', 'nonexistent-user');
    expect(ghost.status).toBe(1);
    expect(ghost.stderr).toContain('No active account has the id "nonexistent-user".');
    expect(ghost.stdout).not.toMatch(/mblt_/);
  });

  it.each([[[]], [['--help']], [['-h']], [['help']], [['key:create', '--help']]])(
    'prints the usage and exits 0 for %j',
    (args) => {
      const help = membolt(...args);
      expect(help.stderr).toBe('');
      expect(help.status).toBe(0);
      expect(help.stdout).toContain('Usage: membolt <command> [options]');
      expect(help.stdout).toContain('subscription:status --user <userId> --status <active|inactive>');
    },
  );

  it('explains usage errors and exits non-zero', () => {
    const unknown = membolt('user:delete');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "user:delete"');
    expect(membolt('key:create').stderr).toContain('--user is required');
    expect(membolt('key:create', '--user', userId, '--bogus', 'x').status).toBe(1);
  });
});
