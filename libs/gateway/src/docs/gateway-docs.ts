import {
  Get,
  Header,
  Inject,
  Injectable,
  type INestApplication,
  Param,
  StreamableFile,
} from '@nestjs/common';
import { ApiExcludeController, DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { PRODUCT_NAME } from '@membolt/contracts';
import { MEMBOLT_VERSION } from '@membolt/platform';
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BEARER_SECURITY_SCHEME } from '../auth/bearer-api-key.js';
import {
  API_KEY_SECURITY_SCHEME,
  GatewayController,
  TOKEN_SECURITY_SCHEME,
} from '../gateway-controller.decorator.js';
import { docsNotEnabled, noSuchRoute } from '../gateway.errors.js';
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
    return this.document;
  }
}

/** swagger-ui's static files, found beside @nestjs/swagger (which depends on swagger-ui-dist). */
const swaggerUiDir: string = (() => {
  const require = createRequire(import.meta.url);
  const fromSwagger = createRequire(require.resolve('@nestjs/swagger'));
  return (fromSwagger('swagger-ui-dist/absolute-path.js') as () => string)();
})();

const SWAGGER_UI_ASSETS: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

// Only same-origin files and no inline script or style: the page works under the edge's CSP (default-src 'self').
const DOCS_HTML = `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${PRODUCT_NAME} API</title>
  <link rel="stylesheet" href="/api/docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="/api/docs/favicon-32x32.png" sizes="32x32">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="/api/docs/swagger-ui-bundle.js"></script>
  <script src="/api/docs/docs-init.js"></script>
</body>
</html>
`;

const DOCS_INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
  });
});
`;

/** `GET /api/openapi.json` (the document) and `GET /api/docs` (swagger-ui on it). Public. */
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
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    this.docs.openApiDocument();
    return DOCS_HTML;
  }

  @Get('docs/docs-init.js')
  @Public()
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  init(): string {
    return DOCS_INIT_JS;
  }

  @Get('docs/:asset')
  @Public()
  @Header('Cache-Control', 'public, max-age=86400')
  asset(@Param('asset') asset: string): StreamableFile {
    const type = Object.hasOwn(SWAGGER_UI_ASSETS, asset) ? SWAGGER_UI_ASSETS[asset] : undefined;
    if (!type) throw noSuchRoute('GET', `/api/docs/${asset}`);
    return new StreamableFile(createReadStream(join(swaggerUiDir, asset)), { type });
  }
}

/**
 * Turns on the OpenAPI document (`/api/openapi.json`) and the docs page (`/api/docs`) of a composition root that
 * imports GatewayModule. Call it once with the created app, before or after `listen`.
 */
export function setupGatewayDocs(app: INestApplication): void {
  app.get(GatewayDocs, { strict: false }).attach(app);
}
