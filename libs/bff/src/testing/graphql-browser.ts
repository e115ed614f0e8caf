/** A tiny browser stand-in for e2e tests: keeps cookies per path like a browser and posts GraphQL. */
export interface StoredCookie {
  readonly name: string;
  readonly value: string;
  readonly path: string;
  readonly attributes: string;
}

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = decodeURIComponent(pair.slice(separator + 1));
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expired = attributes.some(
        (a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() < Date.now(),
      );
      if (expired || value === '') this.cookies.delete(`${name}@${path}`);
      else this.cookies.set(`${name}@${path}`, { name, value, path, attributes: attributes.join('; ') });
    }
  }

  header(path: string): string {
    return [...this.cookies.values()]
      .filter(
        (c) =>
          path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) || c.path === '/',
      )
      .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
      .join('; ');
  }

  get(name: string): StoredCookie | undefined {
    return [...this.cookies.values()].find((c) => c.name === name);
  }
}

export interface GraphqlResult<T> {
  readonly status: number;
  readonly data?: T;
  readonly errors?: ReadonlyArray<{ message: string; extensions?: { code?: string; error?: string } }>;
  readonly response: Response;
}

export class GraphqlBrowser {
  readonly jar = new CookieJar();

  constructor(private readonly url: string) {}

  async request<T = Record<string, unknown>>(
    query: string,
    variables: Record<string, unknown> = {},
  ): Promise<GraphqlResult<T>> {
    const response = await fetch(`${this.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.jar.header('/graphql') },
      body: JSON.stringify({ query, variables }),
    });
    this.jar.store(response);
    const body = (await response.json()) as { data?: T; errors?: GraphqlResult<T>['errors'] };
    return { status: response.status, ...body, response };
  }
}
