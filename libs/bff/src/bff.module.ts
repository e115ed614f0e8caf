import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { type DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { PlansResolver } from './billing/plans.resolver.js';
import { formatGraphqlError } from './common/format-graphql-error.js';

/** Every resolver of the BFF; the schema emitter builds `schema.graphql` from this list. */
export const BFF_RESOLVERS = [PlansResolver] as const;

export interface BffModuleOptions {
  /** Serve the GraphQL schema to introspection queries (development tooling). */
  readonly introspection: boolean;
}

/** The GraphQL BFF of the web app at /graphql. Requires BusModule in the composition root. */
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
          csrfPrevention: true,
          includeStacktraceInErrorResponses: false,
          formatError: formatGraphqlError,
        }),
      ],
      providers: [...BFF_RESOLVERS],
    };
  }
}
