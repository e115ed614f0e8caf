import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { AccessTokens } from '@membolt/auth-tokens';
import { CLOCK, systemClock } from '@membolt/platform';
import type { Request, Response } from 'express';
import { AccountResolver } from './account/account.resolver.js';
import { ApiKeysResolver } from './api-keys/api-keys.resolver.js';
import { BFF_OPTIONS, type BffModuleOptions } from './bff.options.js';
import { PlansResolver } from './billing/plans.resolver.js';
import { formatGraphqlError } from './common/format-graphql-error.js';
import { AccessRevocations } from './session/access-revocations.js';
import { GraphqlMetricsPlugin } from './observability/graphql-metrics.plugin.js';
import { OidcController } from './session/oidc.controller.js';
import { RecentSignIn } from './session/recent-sign-in.js';
import { SessionGuard } from './session/session.guard.js';
import { SessionResolver } from './session/session.resolver.js';

/** Every resolver of the BFF; the schema emitter builds `schema.graphql` from this list. */
export const BFF_RESOLVERS = [PlansResolver, SessionResolver, AccountResolver, ApiKeysResolver] as const;

/**
 * The GraphQL BFF of the web app at /graphql, plus the browser redirects of Google sign-in at /auth/oidc.
 * Cookie sessions: SessionGuard verifies the access-token cookie on every operation not marked @Public().
 * Requires BusModule in the composition root.
 */
@Module({})
export class BffModule {
  static forRoot(options: BffModuleOptions): DynamicModule {
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
          // Apollo's CSRF prevention: a cookie-carrying request must be JSON or carry a preflighted header.
          csrfPrevention: true,
          includeStacktraceInErrorResponses: false,
          formatError: formatGraphqlError,
          context: ({ req, res }: { req: Request; res: Response }) => ({ req, res }),
        }),
      ],
      controllers: [OidcController],
      providers: [
        { provide: BFF_OPTIONS, useValue: options },
        { provide: AccessTokens, useFactory: () => new AccessTokens(options.accessTokenSecret) },
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        AccessRevocations,
        RecentSignIn,
        { provide: APP_GUARD, useClass: SessionGuard },
        ...BFF_RESOLVERS,
        GraphqlMetricsPlugin,
      ],
    };
  }
}
