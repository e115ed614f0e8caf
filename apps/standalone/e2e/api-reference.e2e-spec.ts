import { beforeAll, describe, expect, it } from '@jest/globals';
import { compileErrors, validate } from '@readme/openapi-parser';
import { type EdgeRoute, edgeRoutesOf } from '@membolt/edge';
import { useStandalone } from './support/standalone.js';

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
type OpenApiDocument = { openapi: string; paths: Record<string, Record<string, Operation>> };

/**
 * Served routes that are not the public REST API, each with why. Everything else the product serves under any
 * path must be in the document, and everything in the document must be served.
 */
const NOT_DOCUMENTED: Readonly<Record<string, string>> = {
  'GET /api/openapi.json': 'the document itself',
  'GET /api/docs': 'the API reference page on the document',
  'GET /api/docs/scalar.js': 'the script of the API reference page',
  'POST /api/payments/webhook': 'called by the payment provider (signed), not by API clients',
  '* /api/*path': 'the {error, message} 404 for unknown /api routes',
  '* /v1/*path': 'the OpenAI-shaped 404 for unknown /v1 routes',
  'GET /auth/oidc/start': 'the web app’s single sign-on (browser redirect), not the developer API',
  'GET /auth/oidc/callback': 'the web app’s single sign-on (browser redirect), not the developer API',
  'POST /chat/stream': 'the web app’s chat stream (session cookie), not the developer API',
  'GET /events/uploads/{id}': 'the web app’s upload progress events (session cookie), not the developer API',
  'GET /downloads/data-exports/{id}':
    'the web app’s “Download my data” zip (session cookie), not the developer API',
  'GET /portal/{token}': 'the end users’ portal page, opened with a signed link, not the developer API',
  'GET /portal/{token}/memories':
    'called by the end users’ portal page (its signed link), not the developer API',
  'PUT /portal/{token}/memories/{memoryId}': 'called by the end users’ portal page, not the developer API',
  'DELETE /portal/{token}/memories/{memoryId}': 'called by the end users’ portal page, not the developer API',
  'DELETE /portal/{token}/memories': 'called by the end users’ portal page, not the developer API',
  'GET /portal/{token}/export': 'the end users’ portal download, not the developer API',
};

/** Documented routes that only ever refuse (MCP's streamable HTTP without sessions answers them 405). */
const NO_SUCCESS: ReadonlySet<string> = new Set(['GET /mcp', 'DELETE /mcp']);

/**
 * `METHOD /path/{param}` of every route the platform of the running product serves, leaving out the HEAD twins
 * of GET routes the platform adds itself and Apollo's /graphql (the web app's GraphQL API, not REST).
 */
function servedRoutes(routes: readonly EdgeRoute[]): Set<string> {
  const served = new Set<string>();
  for (const route of routes) {
    if (route.path === '/graphql') continue;
    const methods = route.methods.filter((method) => method !== 'HEAD');
    // A trailing wildcard is Nest's `*path`.
    const path = route.path.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '*path');
    if (methods.length > 10) served.add(`* ${path}`);
    else for (const method of methods) served.add(`${method.toUpperCase()} ${path}`);
  }
  return served;
}

describe('API reference: /api/openapi.json and /api/docs', () => {
  const product = useStandalone('api-reference');
  let document: OpenApiDocument;

  beforeAll(async () => {
    const response = await fetch(`${product.url}/api/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApiDocument;
  });

  it('is a valid OpenAPI document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? 'valid' : compileErrors(result)).toBe('valid');
  });

  it('describes the body of every 200 and 201 answer with a schema', () => {
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const responses = operation.responses ?? {};
        const ok = Object.keys(responses).filter((status) => /^2\d\d$/.test(status));
        if (ok.length === 0 && !NO_SUCCESS.has(`${method.toUpperCase()} ${path}`))
          missing.push(`${method.toUpperCase()} ${path}: no 2xx answer`);
        for (const status of ok.filter((s) => s === '200' || s === '201')) {
          const content = responses[status]?.content;
          if (!content || Object.values(content).some((media) => !media.schema))
            missing.push(`${method.toUpperCase()} ${path}: ${status} without a schema`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('describes the chat stream as server-sent events and lists null in nullable enums', () => {
    const chat = document.paths['/api/chat']?.['post']?.responses?.['200']?.content;
    expect(Object.keys(chat ?? {})).toEqual(['application/json', 'text/event-stream']);
    const nullableEnums: unknown[][] = [];
    JSON.stringify(document, (_key, value: unknown) => {
      const schema = value as { nullable?: boolean; enum?: unknown[] } | null;
      if (schema && schema.nullable === true && Array.isArray(schema.enum)) nullableEnums.push(schema.enum);
      return value;
    });
    expect(nullableEnums.length).toBeGreaterThan(0);
    for (const values of nullableEnums) expect(values).toContain(null);
  });

  it('documents every route the product serves, and serves every route it documents', () => {
    const served = servedRoutes(edgeRoutesOf(product.app));
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, operations]) =>
        Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
      ),
    );
    const undocumented = [...served].filter((route) => !documented.has(route) && !(route in NOT_DOCUMENTED));
    const unserved = [...documented].filter((route) => !served.has(route));
    expect({ undocumented, unserved }).toEqual({ undocumented: [], unserved: [] });
    // The exclusions are real routes: a stale one is found here.
    expect(Object.keys(NOT_DOCUMENTED).filter((route) => !served.has(route))).toEqual([]);
    expect(documented.size).toBeGreaterThan(50);
  });

  it('serves the Scalar reference at /api/docs with its script from the product, under a nonce CSP', async () => {
    const page = await fetch(`${product.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<script src="/api/docs/scalar.js"');
    expect(html).toContain('Scalar.createApiReference');
    expect(html).toContain('"url": "/api/openapi.json"');
    // Nothing loads from another origin.
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(html).not.toContain('cdn.jsdelivr.net');
    const nonce = /<script src="\/api\/docs\/scalar\.js" nonce="([^"]+)"/.exec(html)?.[1];
    expect(nonce).toBeDefined();
    expect(page.headers.get('content-security-policy')).toMatch(
      new RegExp(`script-src [^;]*'nonce-${(nonce ?? '').replace(/[+/=]/g, '\\$&')}'`),
    );
    const again = await (await fetch(`${product.url}/api/docs`)).text();
    expect(again).not.toContain(`nonce="${nonce}"`);

    const script = await fetch(`${product.url}/api/docs/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect((await script.text()).length).toBeGreaterThan(100_000);
  });
});
