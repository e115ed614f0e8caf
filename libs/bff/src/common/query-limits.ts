import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  type ASTVisitor,
  type FragmentDefinitionNode,
  GraphQLError,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';

/** How large one GraphQL operation may be. Every limit is checked before anything executes. */
export interface GraphqlQueryLimits {
  /** Lexical tokens in the document: bounds the parser's work (and its recursion) before anything else. */
  readonly maxTokens: number;
  /** Nested selection sets, fragments flattened. */
  readonly maxDepth: number;
  /** Aliased fields (alias amplification: one field asked for many times). */
  readonly maxAliases: number;
  /** Field selections of one operation, every fragment spread counted where it is used. */
  readonly maxFields: number;
  /** graphql-armor's cost: objects 2, scalars 1, each level 1.5 times its parent's. */
  readonly maxCost: number;
}

export const DEFAULT_GRAPHQL_QUERY_LIMITS: GraphqlQueryLimits = {
  maxTokens: 1000,
  maxDepth: 8,
  maxAliases: 15,
  maxFields: 150,
  maxCost: 1000,
};

/** The `extensions.code` of an operation refused for its size. */
export const QUERY_TOO_COMPLEX = 'QUERY_TOO_COMPLEX';
/** The `extensions.code` of an operation type the server does not serve (subscriptions). */
export const OPERATION_NOT_SUPPORTED = 'OPERATION_NOT_SUPPORTED';
/** The `extensions.code` of a mutation operation holding more than one mutation. */
export const BAD_USER_INPUT = 'BAD_USER_INPUT';

/**
 * A refusal by one of the edge's own validation rules. Apollo wraps validation errors as
 * GRAPHQL_VALIDATION_FAILED; the error formatter restores this code from the original error.
 */
export class RefusedOperationError extends GraphQLError {
  constructor(
    message: string,
    readonly code: typeof QUERY_TOO_COMPLEX | typeof OPERATION_NOT_SUPPORTED | typeof BAD_USER_INPUT,
  ) {
    super(message, { extensions: { code } });
  }
}

const tooComplex = (message: string) => new RefusedOperationError(message, QUERY_TOO_COMPLEX);

/** Armor's rules throw by default, which would escape graphql's validate(): report instead. */
const reportTo = (context: ValidationContext | null, error: GraphQLError): void =>
  context?.reportError(tooComplex(error.message.replace(/^Syntax Error: /, '')));

const INTROSPECTION_FIELDS = new Set(['__schema', '__type']);

function maxFieldsRule(maxFields: number): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    const fragmentFields = new Map<string, number>();
    const countFields = (selectionSet: SelectionSetNode, visiting: ReadonlySet<string>): number => {
      let fields = 0;
      for (const selection of selectionSet.selections) {
        if (selection.kind === Kind.FIELD) {
          // Introspection is served only in development, where its standard query must pass.
          const introspection = INTROSPECTION_FIELDS.has(selection.name.value);
          fields +=
            1 +
            (selection.selectionSet && !introspection ? countFields(selection.selectionSet, visiting) : 0);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          fields += countFields(selection.selectionSet, visiting);
        } else {
          const name = selection.name.value;
          // Cycles are reported by graphql's own NoFragmentCycles rule.
          if (visiting.has(name)) continue;
          let inFragment = fragmentFields.get(name);
          if (inFragment === undefined) {
            const fragment: FragmentDefinitionNode | undefined | null = context.getFragment(name);
            inFragment = fragment ? countFields(fragment.selectionSet, new Set([...visiting, name])) : 0;
            fragmentFields.set(name, inFragment);
          }
          fields += inFragment;
        }
      }
      return fields;
    };
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const fields = countFields(operation.selectionSet, new Set());
        if (fields > maxFields)
          context.reportError(tooComplex(`Field limit of ${maxFields} exceeded, found ${fields}.`));
      },
    };
  };
}

/**
 * graphql 16 validates `subscription { x }` against a schema without a Subscription type and only fails
 * when executing; refuse any operation whose root type the schema lacks while validating.
 */
const servedOperationTypesRule: ValidationRule = (context: ValidationContext): ASTVisitor => ({
  OperationDefinition(operation: OperationDefinitionNode) {
    if (context.getSchema().getRootType(operation.operation)) return;
    context.reportError(
      new RefusedOperationError(
        `This server does not serve ${operation.operation} operations.`,
        OPERATION_NOT_SUPPORTED,
      ),
    );
  },
});

/**
 * A mutation operation may hold one mutation field. graphql runs a mutation's fields in order, and every mutation
 * here returns a non-null type: one that fails nulls the whole `data`, hiding which of the fields before it were
 * applied. One per request, the answer always tells: data, or the error of the one mutation. `__typename` runs
 * nothing and is not counted; fragments are counted where they are spread, and @skip/@include are not read
 * (a document is refused or served whatever its variables).
 */
const oneMutationRule: ValidationRule = (context: ValidationContext): ASTVisitor => {
  const rootFields = (selectionSet: SelectionSetNode, visiting: ReadonlySet<string>): string[] =>
    selectionSet.selections.flatMap((selection) => {
      if (selection.kind === Kind.FIELD)
        return selection.name.value === '__typename'
          ? []
          : [selection.alias ? `${selection.alias.value}: ${selection.name.value}` : selection.name.value];
      if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet, visiting);
      const name = selection.name.value;
      const fragment = visiting.has(name) ? undefined : context.getFragment(name);
      return fragment ? rootFields(fragment.selectionSet, new Set([...visiting, name])) : [];
    });
  return {
    OperationDefinition(operation: OperationDefinitionNode) {
      if (operation.operation !== 'mutation') return;
      const fields = rootFields(operation.selectionSet, new Set());
      if (fields.length <= 1) return;
      const named = fields.length > 5 ? `${fields.slice(0, 5).join(', ')}, …` : fields.join(', ');
      context.reportError(
        new RefusedOperationError(
          `A mutation operation may hold one mutation field, found ${fields.length} (${named}). Send each ` +
            'mutation as its own request, so that each answer says whether its mutation was applied.',
          BAD_USER_INPUT,
        ),
      );
    },
  };
};

/** The validation rules that enforce `limits`, to run beside graphql's specified rules. */
export function queryLimitRules(limits: GraphqlQueryLimits): ValidationRule[] {
  const callbacks = { propagateOnRejection: false, onReject: [reportTo] };
  return [
    servedOperationTypesRule,
    oneMutationRule,
    maxAliasesRule({ n: limits.maxAliases, ...callbacks }) as unknown as ValidationRule,
    maxDepthRule({ n: limits.maxDepth, flattenFragments: true, ...callbacks }) as unknown as ValidationRule,
    maxFieldsRule(limits.maxFields),
    costLimitRule({ maxCost: limits.maxCost, ...callbacks }) as unknown as ValidationRule,
  ];
}
