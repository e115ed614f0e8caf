import { Get, Header, Inject, Injectable, type INestApplication, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PRODUCT_NAME } from '@membolt/contracts';
import { MEMBOLT_VERSION } from '@membolt/platform';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { apiReference } from '@scalar/nestjs-api-reference';
import { type EdgeReply, takeOver, writeText } from '@membolt/edge';
import { BEARER_SECURITY_SCHEME } from '../auth/bearer-api-key.js';
import {
  API_KEY_SECURITY_SCHEME,
  GatewayController,
  TOKEN_SECURITY_SCHEME,
} from '../gateway-controller.decorator.js';
import { docsNotEnabled } from '../gateway.errors.js';
import { Public } from '../public.decorator.js';

/** The modules whose controllers the document describes (the gateway's routes, not the BFF or bus handlers). */
export const DOCUMENTED_MODULE = Symbol('GATEWAY_DOCUMENTED_MODULE');
export type DocumentedModule = new (...args: never[]) => unknown;
/** The modules whose controllers the document describes. */
export type DocumentedModules = readonly DocumentedModule[];

/**
 * Holds the application the OpenAPI document is generated from. The document is built on first request (every
 * route is registered by then) and kept: routes do not change while the process runs.
 */
@Injectable()
export class GatewayDocs {
  private app: INestApplication | undefined;
  private document: OpenAPIObject | undefined;

  constructor(@Inject(DOCUMENTED_MODULE) private readonly documentedModules: DocumentedModules) {}

  attach(app: INestApplication): void {
    this.app = app;
    this.document = undefined;
  }

  openApiDocument(): OpenAPIObject {
    if (!this.app) throw docsNotEnabled();
    this.document ??= SwaggerModule.createDocument(
      this.app,
      new DocumentBuilder()
        .setTitle(`${PRODUCT_NAME} API`)
        .setDescription(
          `The REST gateway of ${PRODUCT_NAME}. Send your API key in the X-API-Key header on every call except ` +
            '/api/status and /api/plans. Errors are JSON {"error": CODE, "message": TEXT}. The OpenAI-compatible ' +
            "routes under /v1 also take the key as `Authorization: Bearer <key>` and answer errors in OpenAI's " +
            'shape {"error": {"message", "type", "param", "code"}}.',
        )
        .setVersion(MEMBOLT_VERSION)
        .addApiKey(
          { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key (mblt_…).' },
          API_KEY_SECURITY_SCHEME,
        )
        .addBearerAuth(
          {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Membolt API key',
            description: 'Your API key (mblt_…), on the /v1 and /mcp routes only.',
          },
          BEARER_SECURITY_SCHEME,
        )
        .addApiKey(
          {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'Token <your API key>: Mem0’s header, accepted on the Mem0-compatible routes only.',
          },
          TOKEN_SECURITY_SCHEME,
        )
        .build(),
      { include: [...this.documentedModules] },
    );
    allowNullInNullableEnums(this.document);
    return this.document;
  }
}

/**
 * In OpenAPI 3.0 `nullable: true` does not widen an `enum`: a nullable enum must list `null` itself, or a client
 * validating answers (or generating types) rejects the nulls the API sends.
 */
function allowNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) allowNullInNullableEnums(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as { nullable?: unknown; enum?: unknown[] };
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum.push(null);
  for (const value of Object.values(node)) allowNullInNullableEnums(value);
}

/** Scalar's single-file browser bundle, served from the installed package: the page loads nothing from a CDN. */
const scalarBundle: string = (() => {
  const require = createRequire(import.meta.url);
  // The package exports no package.json; its stylesheet sits in dist/ beside browser/.
  return join(dirname(require.resolve('@scalar/api-reference/style.css')), 'browser/standalone.js');
})();

const SCALAR_BUNDLE_PATH = '/api/docs/scalar.js';

/**
 * The page: Scalar's own HTML (its nestjs integration) on the local bundle. It writes an inline script that starts
 * the reference, so each answer carries a fresh nonce that this answer's CSP allows (the edge's policy is
 * `script-src 'self'`); Scalar's default fonts and telemetry (other origins) are off.
 */
function docsPage(nonce: string): string {
  let html = '';
  apiReference({
    url: '/api/openapi.json',
    cdn: SCALAR_BUNDLE_PATH,
    nonce,
    pageTitle: `${PRODUCT_NAME} API`,
    withDefaultFonts: false,
    telemetry: false,
    showDeveloperTools: 'never',
    // Scalar's hosted AI agent and MCP generator talk to scalar.com.
    agent: { disabled: true },
    mcp: { disabled: true },
    // No icon to offer: an empty one spares the browser a 404 on /favicon.ico.
    favicon: 'data:,',
    // The integration answers through an Express-style `res.send`; only that is used.
  })(undefined as never, { send: (body: string) => (html = body) } as never);
  return html;
}

/** This answer's CSP with the page's nonce added to `script-src` (or the default policy, if none was set). */
function withScriptNonce(policy: string | undefined, nonce: string): string {
  const source = `'nonce-${nonce}'`;
  if (!policy) return `default-src 'self'; script-src 'self' ${source}; style-src 'self' 'unsafe-inline'`;
  return /(^|;)\s*script-src\b/.test(policy)
    ? policy.replace(/((?:^|;)\s*script-src)([^;]*)/, `$1$2 ${source}`)
    : `${policy}; script-src 'self' ${source}`;
}

/** `GET /api/openapi.json` (the document) and `GET /api/docs` (the Scalar API reference on it). Public. */
@ApiExcludeController()
@GatewayController()
export class GatewayDocsController {
  constructor(private readonly docs: GatewayDocs) {}

  @Get('openapi.json')
  @Public()
  openApi(): OpenAPIObject {
    return this.docs.openApiDocument();
  }

  @Get('docs')
  @Public()
  page(@Res() reply: EdgeReply): void {
    this.docs.openApiDocument();
    const res = takeOver(reply);
    const nonce = randomBytes(16).toString('base64');
    const policy = res.getHeader('Content-Security-Policy');
    res.setHeader(
      'Content-Security-Policy',
      withScriptNonce(policy === undefined ? undefined : String(policy), nonce),
    );
    writeText(res, 200, 'text/html', docsPage(nonce));
  }

  @Get('docs/scalar.js')
  @Public()
  @Header('Cache-Control', 'public, max-age=86400')
  bundle(): StreamableFile {
    return new StreamableFile(createReadStream(scalarBundle), { type: 'text/javascript; charset=utf-8' });
  }
}

/**
 * Turns on the OpenAPI document (`/api/openapi.json`) and the docs page (`/api/docs`) of a composition root that
 * imports GatewayModule. Call it once with the created app, before or after `listen`.
 */
export function setupGatewayDocs(app: INestApplication): void {
  app.get(GatewayDocs, { strict: false }).attach(app);
}
