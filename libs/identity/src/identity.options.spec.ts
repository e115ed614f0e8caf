import { describe, expect, it } from '@jest/globals';
import { loadConfig, storeConfigFields } from '@membolt/platform';
import { z } from 'zod';
import { identityConfigFields, toIdentityModuleOptions } from './identity.options.js';

const schema = z.object({ ...storeConfigFields, ...identityConfigFields });
const SECRET = 's'.repeat(32);

describe('toIdentityModuleOptions', () => {
  it('sends mail over SMTP when SMTP_URL is set, else to DATA_DIR/mail-outbox', () => {
    const smtp = toIdentityModuleOptions(
      loadConfig(schema, { SMTP_URL: 'smtp://u:p@mail:587', MAIL_FROM: 'Ops <ops@x.io>' }),
      SECRET,
    );
    expect(smtp.mail).toEqual({ transport: 'smtp', url: 'smtp://u:p@mail:587', from: 'Ops <ops@x.io>' });
    const outbox = toIdentityModuleOptions(loadConfig(schema, { DATA_DIR: './d' }), SECRET);
    expect(outbox.mail).toEqual({
      transport: 'outbox',
      directory: 'd/mail-outbox',
      from: 'Membolt <no-reply@membolt.local>',
    });
  });

  it('enables Google sign-in only when both client id and secret are set', () => {
    const half = toIdentityModuleOptions(loadConfig(schema, { OIDC_CLIENT_ID: 'id' }), SECRET);
    expect(half.oidc).toEqual({ providerName: 'Google', client: null });
    const full = toIdentityModuleOptions(
      loadConfig(schema, {
        OIDC_CLIENT_ID: 'id',
        OIDC_CLIENT_SECRET: 'secret',
        OIDC_PROVIDER_NAME: 'Acme SSO',
        OIDC_ISSUER: 'https://sso.acme.io',
      }),
      SECRET,
    );
    expect(full.oidc).toEqual({
      providerName: 'Acme SSO',
      client: { issuer: 'https://sso.acme.io', clientId: 'id', clientSecret: 'secret' },
    });
  });

  it('reads the sign-up and sign-in limits, with the product defaults', () => {
    expect(toIdentityModuleOptions(loadConfig(schema, {}), SECRET).limits).toEqual({
      signUpsPerAddress: 10,
      signInFailuresPerAccount: 100,
    });
    const tuned = toIdentityModuleOptions(
      loadConfig(schema, {
        SIGN_UPS_PER_ADDRESS_PER_HOUR: '3',
        SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR: '500',
      }),
      SECRET,
    );
    expect(tuned.limits).toEqual({ signUpsPerAddress: 3, signInFailuresPerAccount: 500 });
  });

  it('uses MONGO_URL for the store when set, and needs a secret', () => {
    const config = loadConfig(schema, { MONGO_URL: 'mongodb://db:27017', AUTH_TOKEN_SECRET: SECRET });
    expect(toIdentityModuleOptions(config)).toMatchObject({
      store: { kind: 'mongo', url: 'mongodb://db:27017' },
      accessTokenSecret: SECRET,
    });
    expect(() => toIdentityModuleOptions(loadConfig(schema, {}))).toThrow('AUTH_TOKEN_SECRET');
  });
});
