import type {
  ApolloServerPlugin,
  BaseContext,
  GraphQLRequestContext,
  GraphQLRequestContextWillSendResponse,
  GraphQLRequestListener,
} from '@apollo/server';
import { Plugin } from '@nestjs/apollo';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import {
  answerFromCopies,
  type AnswerCopies,
  type EdgeRequest,
  headerOf,
  type KeptAnswer,
  mediaTypeOf,
} from '@membolt/edge';
import { CLOCK, type Clock } from '@membolt/platform';
import { Kind } from 'graphql';
import { LRUCache } from 'lru-cache';
import { PlanCatalogueCache } from '../billing/plan-catalogue.cache.js';
import {
  type GraphqlOperationLabels,
  GraphqlMetricsPlugin,
} from '../observability/graphql-metrics.plugin.js';

/** The BFF's GraphQL endpoint, as Apollo's route is registered. */
const GRAPHQL_ROUTE = '/graphql';

/**
 * What an answer made of some root fields is made from: it is out of date once `version` has moved, and may
 * be kept until `keptUntil()` (epoch ms) at the latest.
 */
export interface AnswerSource {
  readonly version: number;
  keptUntil(): number;
}

/** Bounds on the kept answers: the documents are the clients' own text, so any number of them can be sent. */
const GRAPHQL_ANSWER_COPIES_MAX = 256;
const GRAPHQL_ANSWER_COPIES_MAX_BYTES = 4 * 1024 * 1024;

/** What a request passed to Apollo carries to its answer, to keep it. */
interface Pending {
  readonly key: string;
  /** Every source's version when the request arrived. */
  readonly versions: readonly number[];
  /** Set by Apollo's side when the operation's answer may be kept: its labels, what it is made from. */
  labels?: GraphqlOperationLabels;
  sources?: readonly AnswerSource[];
}

interface Copy {
  readonly answer: KeptAnswer;
  readonly labels: GraphqlOperationLabels;
  /** Every source's version when the answer's request arrived: a change of any of them drops the copy. */
  readonly versions: readonly number[];
  readonly until: number;
}

const PENDING = Symbol('graphqlAnswerPending');
type PendingRequest = EdgeRequest & { [PENDING]?: Pending };

/** The parts of a POST body that decide Apollo's answer to it; undefined when it has any other. */
function keyParts(body: unknown): { query: string; operationName: string; variables: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  let query: unknown;
  let operationName: unknown = null;
  let variables: unknown = null;
  for (const [name, value] of Object.entries(body)) {
    if (name === 'query') query = value;
    else if (name === 'operationName') operationName = value ?? null;
    else if (name === 'variables') variables = value ?? null;
    // `extensions` (a persisted query's hash) and anything else: Apollo's own answer, every time.
    else return undefined;
  }
  if (typeof query !== 'string') return undefined;
  if (operationName !== null && typeof operationName !== 'string') return undefined;
  if (variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  return { query, operationName: operationName ?? '', variables: JSON.stringify(variables) };
}

/**
 * Answers a repeated public GraphQL query from a copy of Apollo's own answer to it, at the platform's hook,
 * without Apollo's request pipeline, the resolvers' Nest pipeline and execution (most of a `planCatalogue`
 * call, decision 228). An answer is kept only when it answered a query (not a mutation) whose root fields
 * are all public, the same for every caller, and drawn from a source that says when it is out of date
 * (`planCatalogue`: the BFF's copy of billing's catalogue, dropped on `billing.plans.changed.v1`), with no
 * errors, status 200. It is keyed by everything Apollo's answer depends on: the query text, the operation
 * name, the variables and the `Accept` header (the answer's content type); a body with any other member goes
 * to Apollo.
 *
 * A request answered here has been through what every request of the route goes through before Apollo: the
 * security headers, the correlation id and access log, the HTTP metrics, the shedder, the per-address
 * budget, the body parser's limits. Only POST with a JSON body is answered, which Apollo's CSRF prevention
 * always admits. The operation limits (depth, aliases, tokens, variables' size) admitted the same text and
 * variables when the answer was kept. The GraphQL duration metric records the answer under the same labels;
 * the answer carries the headers Apollo's answer had (`Cache-Control: no-store` and the content type), and
 * its body byte for byte.
 *
 * Apollo's plugins, Nest's guards and interceptors and the resolver do not run for an answer from a copy: a
 * plugin or guard added for these fields must be reproduced here, and a field whose answer depends on the
 * caller (a session, a cookie, a header other than `Accept`) must never be in `sourcesByField`.
 */
@Injectable()
@Plugin()
export class GraphqlAnswerCopies implements AnswerCopies, ApolloServerPlugin<BaseContext>, OnModuleInit {
  private readonly copies = new LRUCache<string, Copy>({
    max: GRAPHQL_ANSWER_COPIES_MAX,
    maxSize: GRAPHQL_ANSWER_COPIES_MAX_BYTES,
    sizeCalculation: (copy, key) => copy.answer.payload.length + key.length,
  });
  /** The root fields whose answers may be kept, each with what it is made from. */
  private readonly sourcesByField: ReadonlyMap<string, AnswerSource>;
  private readonly allSources: readonly AnswerSource[];

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly metrics: GraphqlMetricsPlugin,
    @Inject(CLOCK) private readonly clock: Clock,
    plans: PlanCatalogueCache,
  ) {
    this.sourcesByField = new Map<string, AnswerSource>([['planCatalogue', plans]]);
    this.allSources = [...new Set(this.sourcesByField.values())];
  }

  onModuleInit(): void {
    // Only the HTTP edge's platform (Fastify) has the hooks; a module served otherwise answers through Apollo.
    const { httpAdapter } = this.adapterHost;
    if (httpAdapter?.getType() !== 'fastify') return;
    answerFromCopies(httpAdapter, 'POST', GRAPHQL_ROUTE, this);
  }

  copyFor(request: PendingRequest): KeptAnswer | undefined {
    const started = process.hrtime.bigint();
    if (mediaTypeOf(headerOf(request, 'content-type')) !== 'application/json') return undefined;
    const parts = keyParts(request.body);
    if (!parts) return undefined;
    const key = `${headerOf(request, 'accept') ?? ''}\n${parts.operationName}\n${parts.variables}\n${parts.query}`;
    const copy = this.copies.get(key);
    if (copy) {
      if (this.clock.nowMs() < copy.until && this.unchangedSince(copy.versions)) {
        this.metrics.recordAnswered(copy.labels, Number(process.hrtime.bigint() - started) / 1e9);
        return copy.answer;
      }
      this.copies.delete(key);
    }
    request[PENDING] = { key, versions: this.allSources.map((source) => source.version) };
    return undefined;
  }

  sent(request: PendingRequest, answer: KeptAnswer): void {
    const pending = request[PENDING];
    if (!pending?.labels || !pending.sources || answer.status !== 200) return;
    // A source that changed while the answer was made may have made it from what it held before.
    if (!this.unchangedSince(pending.versions)) return;
    const until = Math.min(...pending.sources.map((source) => source.keptUntil()));
    if (until <= this.clock.nowMs()) return;
    this.copies.set(pending.key, { answer, labels: pending.labels, versions: pending.versions, until });
  }

  private unchangedSince(versions: readonly number[]): boolean {
    return this.allSources.every((source, i) => source.version === versions[i]);
  }

  async requestDidStart(
    requestContext: GraphQLRequestContext<BaseContext>,
  ): Promise<GraphQLRequestListener<BaseContext> | void> {
    const request = (requestContext.contextValue as { req?: PendingRequest }).req;
    const pending = request?.[PENDING];
    if (!pending) return;
    return {
      willSendResponse: async (context) => {
        const sources = this.sourcesOf(context);
        if (!sources) return;
        pending.sources = sources;
        pending.labels = this.metrics.operationLabelsOf(context);
      },
    };
  }

  /** What the answer is made from when it may be kept; undefined when it may not. */
  private sourcesOf(context: GraphQLRequestContextWillSendResponse<BaseContext>): AnswerSource[] | undefined {
    const { operation, response } = context;
    if (operation?.operation !== 'query') return undefined;
    if (response.http.status !== undefined && response.http.status !== 200) return undefined;
    if (response.body.kind !== 'single' || response.body.singleResult.errors?.length) return undefined;
    const sources = new Set<AnswerSource>();
    for (const selection of operation.selectionSet.selections) {
      // A fragment or a directive at the root could pick other fields at run time.
      if (selection.kind !== Kind.FIELD || selection.directives?.length) return undefined;
      if (selection.name.value === '__typename') continue;
      const source = this.sourcesByField.get(selection.name.value);
      if (!source) return undefined;
      sources.add(source);
    }
    return sources.size > 0 ? [...sources] : undefined;
  }
}
