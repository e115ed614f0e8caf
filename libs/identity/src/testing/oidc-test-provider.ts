import { freePort } from '@membolt/bus/testing';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestOidcAccount {
  readonly email?: string;
  readonly email_verified?: boolean;
  readonly name?: string;
}

export interface TestOidcProvider {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect provider (oidc-provider) on a free loopback port: one confidential client with
 * PKCE required, the development login/consent screens, and the given accounts (id -> claims).
 */
export async function startTestOidcProvider(options: {
  readonly redirectUris: string[];
  readonly accounts: Readonly<Record<string, TestOidcAccount>>;
}): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'membolt-test-client';
  const clientSecret = 'membolt-test-client-secret-0123456789';
  // The provider warns on the console about its development-only defaults (dev screens, dev signing keys,
  // runtime version); they are what a test provider wants, so the warnings are muted while it starts.
  const warn = console.warn;
  console.warn = () => undefined;
  let provider: Provider;
  try {
    provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: options.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      cookies: { keys: ['membolt-test-cookie-key'] },
      features: { devInteractions: { enabled: true } },
      ttl: {
        Interaction: 600,
        Session: 3600,
        Grant: 3600,
        AccessToken: 600,
        IdToken: 600,
        AuthorizationCode: 60,
      },
      findAccount: (_ctx, id) => {
        const account = options.accounts[id];
        return account ? { accountId: id, claims: () => ({ sub: id, ...account }) } : undefined;
      },
    });
  } finally {
    console.warn = warn;
  }
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A minimal cookie jar for one origin: enough for the provider's interaction and session cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', raw = ''] = attribute.split('=').map((part) => part.trim());
        return (
          (key.toLowerCase() === 'max-age' && Number(raw) <= 0) ||
          (key.toLowerCase() === 'expires' && Date.parse(raw) < Date.now())
        );
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Plays the browser through the provider's development screens: follows redirects, signs in as
 * `accountId`, grants consent, and returns the callback URL (with code and state) the provider redirects to.
 */
export async function authorizeInBrowser(
  authorizationUrl: string,
  accountId: string,
  redirectUri: string,
): Promise<string> {
  const jar = new CookieJar();
  let url = authorizationUrl;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const response = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(body ? { body } : {}),
    });
    jar.store(response);
    method = 'GET';
    body = undefined;
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url).href;
      if (next.startsWith(redirectUri)) return next;
      url = next;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200)
      throw new Error(`The provider answered ${response.status}: ${html.slice(0, 500)}`);
    // The development interaction page: a form posting back to itself with a hidden `prompt` field.
    const prompt = /name="prompt" value="(login|consent)"/.exec(html)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!prompt || !action) throw new Error(`Unexpected provider page: ${html.slice(0, 500)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
    method = 'POST';
    body = new URLSearchParams(
      prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt },
    );
  }
  throw new Error('Too many redirects in the authorization flow');
}
