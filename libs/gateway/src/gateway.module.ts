import { PrivacyPolicyController } from './privacy/privacy-policy.controller.js';
import {
  All,
  type DynamicModule,
  Inject,
  Module,
  NotFoundException,
  type OnApplicationShutdown,
  Req,
} from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { type EdgeRequest, pathOf, usageMeteringProviders } from '@membolt/edge';
import { CLOCK, systemClock } from '@membolt/platform';
import { AccountController } from './accounts/account.controller.js';
import { ChatController, ConversationsController } from './chat/chat.controller.js';
import { UserDatabaseController } from './accounts/user-database.controller.js';
import { ApiKeyAuthenticator } from './auth/api-key-authenticator.js';
import { ApiKeyRevocationListener } from './auth/api-key-revocation.listener.js';
import { ApiKeyGuard } from './auth/api-key.guard.js';
import { HealthAtOnce } from './accounts/health-at-once.js';
import { DOCUMENTED_MODULE, GatewayDocs, GatewayDocsController } from './docs/gateway-docs.js';
import { GatewayController } from './gateway-controller.decorator.js';
import {
  GATEWAY_SETTINGS,
  type GatewayModuleOptions,
  type GatewaySettings,
  resolveGatewaySettings,
} from './gateway.options.js';
import {
  DiagnosticsController,
  EmbeddingsController,
  MemoriesController,
  MemoryBatchService,
  MemoryBulkController,
  MemoryLearningService,
  MemoryErasureService,
  MemoryQueriesController,
  MemoryTransferService,
} from './memories/index.js';
import { McpRoutesModule } from './mcp/mcp.module.js';
import { MemoryAddService } from './memories/memory-add.service.js';
import { OpenAiController, OpenAiNotFoundController } from './openai/openai.controller.js';
import { Mem0Controller, Mem0WebhooksController } from './mem0/index.js';
import { PaymentWebhookController } from './billing/payment-webhook.controller.js';
import { UsageController } from './billing/usage.controller.js';
import { PlansController } from './plans.controller.js';
import { PortalAdminController } from './portal/portal-admin.controller.js';
import { PortalPageController } from './portal/portal-page.controller.js';
import { PortalService } from './portal/portal.service.js';
import { Public } from './public.decorator.js';
import { InMemoryRateLimiter } from './rate-limit/in-memory.rate-limiter.js';
import { RATE_LIMITER, type RateLimiter } from './rate-limit/rate-limiter.js';
import { StatusController } from './status.controller.js';
import { SystemStatusService } from './system-status.service.js';
import { UploadRelay } from './uploads/upload-relay.service.js';
import { Mem0ProjectController } from './mem0/mem0-project.controller.js';
import { MemoryCategoriesController } from './categories/memory-categories.controller.js';
import { UploadsController } from './uploads/uploads.controller.js';
import { WebhooksController } from './webhooks/webhooks.controller.js';

/** The controllers mounted under /api. */
const API_CONTROLLERS = [
  StatusController,
  PlansController,
  UsageController,
  PaymentWebhookController,
  AccountController,
  UserDatabaseController,
  PrivacyPolicyController,
  MemoryCategoriesController,
  // Before MemoriesController: its …/memories/{id} routes would take `batch` and `jobs` for memory ids.
  MemoryBulkController,
  MemoriesController,
  MemoryQueriesController,
  EmbeddingsController,
  UploadsController,
  ChatController,
  ConversationsController,
  WebhooksController,
  PortalAdminController,
  GatewayDocsController,
  Mem0Controller,
  Mem0WebhooksController,
  Mem0ProjectController,
] as const;

/** Every controller of the gateway's routes (/api and /v1); the guard-coverage test checks each of them. */
export const GATEWAY_CONTROLLERS = [...API_CONTROLLERS, OpenAiController, PortalPageController] as const;

/** Registered only when the operator turns diagnostics on (GATEWAY_DIAGNOSTICS=true); else their paths are 404. */
export const GATEWAY_DIAGNOSTICS_CONTROLLERS = [DiagnosticsController] as const;

/** Anything under /api that no controller matched: a JSON 404, never the web app. */
@ApiExcludeController()
@GatewayController()
export class ApiNotFoundController {
  @All('*')
  @Public()
  notFound(@Req() request: EdgeRequest): never {
    throw new NotFoundException(`No route matches ${request.method} ${pathOf(request)}`);
  }
}

async function createRateLimiter(settings: GatewaySettings): Promise<RateLimiter> {
  const store = settings.rateLimitStore;
  switch (store.kind) {
    case 'memory':
      return new InMemoryRateLimiter(settings.rateLimit);
    case 'redis': {
      // ioredis is loaded only by a gateway that limits through Redis (decision 182).
      const { RedisRateLimiter } = await import('./rate-limit/redis.rate-limiter.js');
      return new RedisRateLimiter(settings.rateLimit, { url: store.url, keyPrefix: store.keyPrefix });
    }
  }
}

/** What ApiKeyGuard needs, shared by the routes and the fallback. */
@Module({})
class GatewayAuthModule implements OnApplicationShutdown {
  constructor(@Inject(RATE_LIMITER) private readonly limiter: RateLimiter) {}

  static register(settings: GatewaySettings): DynamicModule {
    const providers = [
      { provide: GATEWAY_SETTINGS, useValue: settings },
      { provide: CLOCK, useValue: systemClock },
      { provide: RATE_LIMITER, useFactory: () => createRateLimiter(settings) },
      ApiKeyAuthenticator,
      ApiKeyGuard,
      ...usageMeteringProviders(settings.openUsageOutbox),
    ];
    return {
      module: GatewayAuthModule,
      providers: [...providers, ApiKeyRevocationListener],
      exports: providers,
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.limiter.close();
  }
}

@Module({})
class GatewayRoutesModule {}

@Module({})
class GatewayFallbackModule {}

@Module({})
class GatewayPortalModule {}

/** OpenAI's API at /v1 (its catch-all last, after the routes). */
@Module({})
class GatewayOpenAiModule {}

@Module({})
class ConfiguredGatewayModule {}

/**
 * The REST facade for developers, mounted at /api. Requires BusModule in the composition root. Import
 * `GatewayModule` for the defaults, or `GatewayModule.forRoot(options)`; call `setupGatewayDocs(app)` to serve
 * the OpenAPI document and docs page.
 */
export class GatewayModule {
  static forRoot(options: GatewayModuleOptions = {}): DynamicModule {
    const settings = resolveGatewaySettings(options);
    const auth = GatewayAuthModule.register(settings);
    return {
      module: ConfiguredGatewayModule,
      imports: [
        {
          module: GatewayRoutesModule,
          imports: [auth],
          controllers: [...API_CONTROLLERS, ...(settings.diagnostics ? GATEWAY_DIAGNOSTICS_CONTROLLERS : [])],
          providers: [
            HealthAtOnce,
            SystemStatusService,
            MemoryTransferService,
            MemoryAddService,
            MemoryLearningService,
            MemoryBatchService,
            MemoryErasureService,
            PortalService,
            UploadRelay,
            GatewayDocs,
            {
              provide: DOCUMENTED_MODULE,
              useValue: [GatewayRoutesModule, McpRoutesModule, GatewayOpenAiModule],
            },
          ],
        },
        // The end users' portal at /portal/{token} (outside /api: a page for people, not the developer API).
        {
          module: GatewayPortalModule,
          imports: [auth],
          controllers: [PortalPageController],
          providers: [PortalService, MemoryErasureService],
        },
        // MCP over streamable HTTP at /mcp (outside /api, where MCP clients are pointed).
        McpRoutesModule.register(auth),
        // A module of its own, registered after the routes, so its catch-all route comes last.
        { module: GatewayFallbackModule, imports: [auth], controllers: [ApiNotFoundController] },
        {
          module: GatewayOpenAiModule,
          imports: [auth],
          controllers: [OpenAiController, OpenAiNotFoundController],
        },
        RouterModule.register([
          { path: 'api', module: GatewayRoutesModule },
          { path: 'api', module: GatewayFallbackModule },
          { path: 'v1', module: GatewayOpenAiModule },
        ]),
      ],
    };
  }
}

// `imports: [GatewayModule]` keeps working: the defaults (in-process rate limiter, 120 requests per minute per key).
Module({ imports: [GatewayModule.forRoot()] })(GatewayModule);
