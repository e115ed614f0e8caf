import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { InMemoryLRUCache } from '@apollo/utils.keyvaluecache';
import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module, UseInterceptors } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { AccessTokens } from '@membolt/auth-tokens';
import { type EdgeReply, type EdgeRequest, isMeteredHandler, usageMeteringProviders } from '@membolt/edge';
import { CLOCK, systemClock } from '@membolt/platform';
import { AccountResolver } from './account/account.resolver.js';
import { ApiKeysResolver } from './api-keys/api-keys.resolver.js';
import { MemoryCategoriesResolver } from './categories/memory-categories.resolver.js';
import { PrivacyPolicyResolver } from './privacy/privacy-policy.resolver.js';
import { BFF_OPTIONS, type BffModuleOptions, DEFAULT_BFF_RATE_LIMIT_PER_MINUTE } from './bff.options.js';
import { BillingResolver } from './billing/billing.resolver.js';
import { PlansResolver } from './billing/plans.resolver.js';
import { PlanCatalogueCache } from './billing/plan-catalogue.cache.js';
import { BffMeteringInterceptor } from './common/bff-metering.interceptor.js';
import { AddressRateLimiter } from './common/address-rate-limiter.js';
import { formatGraphqlError } from './common/format-graphql-error.js';
import { MemoriesResolver } from './memories/memories.resolver.js';
import { PortalSettingsResolver } from './portal/portal-settings.resolver.js';
import { ProviderKeysResolver } from './provider-keys/provider-keys.resolver.js';
import { ChatResolver } from './chat/chat.resolver.js';
import { UploadsResolver } from './uploads/uploads.resolver.js';
import { WebhooksResolver } from './webhooks/webhooks.resolver.js';
import { ChatStreamController } from './chat/chat-stream.controller.js';
import { UploadEventsController } from './uploads/upload-events.controller.js';
import { DataExportDownloadController } from './data-exports/data-export-download.controller.js';
import { DataExportsResolver } from './data-exports/data-exports.resolver.js';
import { UploadFollowers } from './uploads/upload-followers.js';
import { HttpSessions } from './session/http-sessions.js';
import { AccessRevocations } from './session/access-revocations.js';
import { GraphqlMetricsPlugin } from './observability/graphql-metrics.plugin.js';
import { GraphqlAnswerCopies } from './common/graphql-answer-copies.js';
import { graphqlEdgePlugin } from './common/graphql-edge.plugin.js';
import {
  DEFAULT_GRAPHQL_INPUT_LIMITS,
  graphqlInputLimitsPlugin,
} from './common/graphql-input-limits.plugin.js';
import { BFF_ADDRESS_RATE_LIMITER, GraphqlRateLimit } from './common/graphql-rate-limit.js';
import { DEFAULT_GRAPHQL_QUERY_LIMITS, queryLimitRules } from './common/query-limits.js';
import { OidcController } from './session/oidc.controller.js';
import { RecentSignIn } from './session/recent-sign-in.js';
import { SessionGuard } from './session/session.guard.js';
import { SessionResolver } from './session/session.resolver.js';

/** Every resolver of the BFF; the schema emitter builds `schema.graphql` from this list. */
export const BFF_RESOLVERS = [
  PlansResolver,
  BillingResolver,
  SessionResolver,
  AccountResolver,
  ApiKeysResolver,
  PrivacyPolicyResolver,
  MemoryCategoriesResolver,
  ProviderKeysResolver,
  PortalSettingsResolver,
  MemoriesResolver,
  ChatResolver,
  UploadsResolver,
  DataExportsResolver,
  WebhooksResolver,
] as const;

// The @Metered operations run in their metering scope. On those operations only, rather than global
// (APP_INTERCEPTOR) or on the resolver classes: an interceptor is one more chain of observables for every
// operation or REST route it is on (the standalone gateway's included), and it has nothing to do for the
// others.
for (const resolver of BFF_RESOLVERS) {
  const prototype = resolver.prototype as object;
  for (const name of Object.getOwnPropertyNames(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
    const handler: unknown = descriptor?.value;
    if (descriptor && typeof handler === 'function' && isMeteredHandler(handler))
      UseInterceptors(BffMeteringInterceptor)(prototype, name, descriptor);
  }
}

/**
 * The GraphQL BFF of the web app at /graphql, plus the browser redirects of Google sign-in at /auth/oidc.
 * Cookie sessions: SessionGuard verifies the access-token cookie on every operation not marked @Public().
 * Requires BusModule in the composition root.
 */
/**
 * Parsed documents Apollo keeps so a repeated query skips parsing and validation, bounded by their size as JSON
 * (Apollo's default: 30 MiB). On the heap a parsed document takes about 4.4 times its JSON (its nodes, their
 * locations and the token list those hold), so the bound is kept to what the web app needs: its 69 operations
 * are 185 KiB as JSON, and any client can fill the rest with documents of its own.
 */
const DOCUMENT_STORE_MAX_BYTES = 512 * 1024;

@Module({})
export class BffModule {
  static forRoot(options: BffModuleOptions): DynamicModule {
    const limits = { ...DEFAULT_GRAPHQL_QUERY_LIMITS, ...options.queryLimits };
    const inputLimits = { ...DEFAULT_GRAPHQL_INPUT_LIMITS, ...options.inputLimits };
    const rateLimiter = new AddressRateLimiter({
      limit: options.rateLimit?.limit ?? DEFAULT_BFF_RATE_LIMIT_PER_MINUTE,
      windowMs: options.rateLimit?.windowMs ?? 60_000,
      maxAddresses: options.rateLimit?.maxAddresses ?? 100_000,
    });
    return {
      module: BffModule,
      imports: [
        GraphQLModule.forRoot<ApolloDriverConfig>({
          driver: ApolloDriver,
          path: '/graphql',
          autoSchemaFile: true,
          sortSchema: true,
          playground: false,
          introspection: options.introspection,
          // Without introspection, "Did you mean ...?" hints would disclose the schema field by field.
          hideSchemaDetailsFromClientErrors: !options.introspection,
          // The web app sends full queries; automatic persisted queries would only add an unbounded-by-
          // default cache that any client can fill.
          persistedQueries: false,
          documentStore: new InMemoryLRUCache({ maxSize: DOCUMENT_STORE_MAX_BYTES }),
          parseOptions: { maxTokens: limits.maxTokens },
          validationRules: queryLimitRules(limits),
          plugins: [
            // graphqlEdgePlugin sets the one header it computed for this schema (no-store).
            ApolloServerPluginCacheControlDisabled(),
            graphqlEdgePlugin,
            graphqlInputLimitsPlugin(inputLimits, { hideSuggestions: !options.introspection }),
          ],
          // Apollo's CSRF prevention: a cookie-carrying request must be JSON or carry a preflighted header.
          csrfPrevention: true,
          includeStacktraceInErrorResponses: false,
          formatError: formatGraphqlError,
          // Apollo's Fastify integration calls this with the request and the reply.
          context: (req: EdgeRequest, res: EdgeReply) => ({ req, res }),
        }),
      ],
      controllers: [
        OidcController,
        ChatStreamController,
        UploadEventsController,
        DataExportDownloadController,
      ],
      providers: [
        { provide: BFF_OPTIONS, useValue: options },
        { provide: AccessTokens, useFactory: () => new AccessTokens(options.accessTokenSecret) },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        AccessRevocations,
        HttpSessions,
        UploadFollowers,
        RecentSignIn,
        { provide: APP_GUARD, useClass: SessionGuard },
        ...usageMeteringProviders(options.openUsageOutbox),
        BffMeteringInterceptor,
        { provide: BFF_ADDRESS_RATE_LIMITER, useValue: rateLimiter },
        GraphqlRateLimit,
        PlanCatalogueCache,
        ...BFF_RESOLVERS,
        GraphqlMetricsPlugin,
        GraphqlAnswerCopies,
      ],
    };
  }
}
