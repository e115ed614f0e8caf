import { describe, expect, it } from '@jest/globals';
import { ConfigError } from '@membolt/platform';
import { toIdentityModuleOptions } from '@membolt/identity';
import { loadIdentityConfig } from './identity.config.js';

const SECRET = 'x'.repeat(40);

function problemsOf(env: NodeJS.ProcessEnv): readonly string[] {
  try {
    loadIdentityConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('identity app config', () => {
  it('requires an access-token secret of at least 32 characters', () => {
    expect(problemsOf({})).toEqual([expect.stringMatching(/^AUTH_TOKEN_SECRET:/)]);
    expect(problemsOf({ AUTH_TOKEN_SECRET: 'short' })[0]).toMatch(
      /^AUTH_TOKEN_SECRET: must be at least 32 characters/,
    );
  });

  it('reports bad SMTP and issuer URLs by name', () => {
    const problems = problemsOf({
      AUTH_TOKEN_SECRET: SECRET,
      SMTP_URL: 'http://mail',
      OIDC_ISSUER: 'not a url',
    });
    expect(problems.map((p) => p.split(':')[0]).sort()).toEqual(['OIDC_ISSUER', 'SMTP_URL']);
  });

  it('boots with the defaults: mail to the outbox folder, Google sign-in off', () => {
    const options = toIdentityModuleOptions(
      loadIdentityConfig({ AUTH_TOKEN_SECRET: SECRET, DATA_DIR: '/var/membolt' }),
    );
    expect(options).toEqual({
      store: { kind: 'embedded', dataDir: '/var/membolt' },
      accessTokenSecret: SECRET,
      mail: {
        transport: 'outbox',
        directory: '/var/membolt/mail-outbox',
        from: 'Membolt <no-reply@membolt.local>',
      },
      oidc: { providerName: 'Google', client: null },
      limits: { signUpsPerAddress: 10, signInFailuresPerAccount: 100 },
    });
  });
});
