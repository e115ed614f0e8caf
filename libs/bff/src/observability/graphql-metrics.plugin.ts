import type {
  ApolloServerPlugin,
  BaseContext,
  GraphQLRequestContextWillSendResponse,
  GraphQLRequestListener,
} from '@apollo/server';
import { Plugin } from '@nestjs/apollo';
import { Inject, Optional } from '@nestjs/common';
import { boundedLabel, BoundedLabelSet, METRICS, type Metrics } from '@membolt/platform';

/** Distinct operation names recorded before new ones collapse into `other` (see decision 015). */
const OPERATION_NAME_CAPACITY = 100;

/** `ok`, or the first error's `extensions.code` as the client received it (after formatting). */
function outcomeOf(context: GraphQLRequestContextWillSendResponse<BaseContext>): string {
  const body = context.response.body;
  const errors = body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors;
  if (!errors || errors.length === 0) return 'ok';
  const code: unknown = errors[0]?.extensions?.['code'];
  return boundedLabel(typeof code === 'string' ? code : null, 'error');
}

/** The labels of an operation's duration besides its outcome. */
export interface GraphqlOperationLabels {
  readonly operation: string;
  readonly type: string;
}

/**
 * Times every GraphQL request into `membolt_graphql_operation_duration_seconds{operation,type,outcome}`.
 * Operation names are chosen by clients, so only names of documents that parsed are kept, up to a fixed
 * number of distinct names; unnamed operations are `anonymous`, unparseable requests `unknown`.
 */
@Plugin()
export class GraphqlMetricsPlugin implements ApolloServerPlugin<BaseContext> {
  private readonly operationNames = new BoundedLabelSet(OPERATION_NAME_CAPACITY);

  constructor(@Optional() @Inject(METRICS) private readonly metrics?: Metrics) {}

  async requestDidStart(): Promise<GraphQLRequestListener<BaseContext>> {
    const metrics = this.metrics;
    if (!metrics) return {};
    const stopTimer = metrics.graphqlOperationDuration.startTimer();
    return {
      willSendResponse: async (context) => {
        stopTimer({ ...this.operationLabelsOf(context), outcome: outcomeOf(context) });
      },
    };
  }

  /** The operation's name and type as they label its duration. */
  operationLabelsOf(context: GraphQLRequestContextWillSendResponse<BaseContext>): GraphqlOperationLabels {
    const operation = context.operation
      ? context.operationName
        ? this.operationNames.label(context.operationName, 'unknown')
        : 'anonymous'
      : 'unknown';
    return { operation, type: context.operation?.operation ?? 'unknown' };
  }

  /** Records an operation answered without Apollo (from a kept answer), successful, that took `seconds`. */
  recordAnswered(labels: GraphqlOperationLabels, seconds: number): void {
    this.metrics?.graphqlOperationDuration.observe({ ...labels, outcome: 'ok' }, seconds);
  }
}
