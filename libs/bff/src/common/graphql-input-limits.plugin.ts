import { type ApolloServerPlugin, type GraphQLResponse, HeaderMap } from '@apollo/server';
import { UPLOAD_PART_BYTES } from '@membolt/contracts';
import {
  coerceInputValue,
  type GraphQLError,
  type GraphQLFormattedError,
  type GraphQLSchema,
  isInputObjectType,
  isInputType,
  isNonNullType,
  typeFromAST,
  type VariableDefinitionNode,
} from 'graphql';

/** How large a GraphQL request's variables may be, and how many errors one answer carries. */
export interface GraphqlInputLimits {
  /** Bytes of the variables as JSON. */
  readonly maxVariablesBytes: number;
  /** Errors in one answer; the rest are counted in `extensions.omittedErrors`. */
  readonly maxErrors: number;
}

/** The web app sends files in parts of UPLOAD_PART_BYTES, base64 in one variable: the limit must fit one. */
export const MIN_GRAPHQL_VARIABLES_BYTES = Math.ceil(UPLOAD_PART_BYTES / 3) * 4 + 1024;

export const DEFAULT_GRAPHQL_INPUT_LIMITS: GraphqlInputLimits = {
  maxVariablesBytes: 768 * 1024,
  maxErrors: 10,
};

/** Unknown fields named in an error; the rest are counted. */
const UNKNOWN_FIELDS_NAMED = 3;
const NAME_MAX_LENGTH = 40;

class MalformedVariable {
  constructor(readonly message: string) {}
}

const printPath = (name: string, path: ReadonlyArray<string | number>) =>
  name + path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`)).join('');

const shortName = (name: string) =>
  name.length > NAME_MAX_LENGTH ? `${name.slice(0, NAME_MAX_LENGTH)}…` : name;

/**
 * graphql-js words its coercion errors with the offending value (`String cannot represent a non string
 * value: {…}`); the answer keeps only what failed. A value can be a megabyte and can be someone's password.
 */
function reasonWithoutValue(schema: GraphQLSchema, error: GraphQLError, invalidValue: unknown): string {
  const typeName = /^Field "[^"]*" is not defined by type "(\w+)"\./.exec(error.message)?.[1];
  if (typeName && typeof invalidValue === 'object' && invalidValue !== null) {
    const type = schema.getType(typeName);
    const defined = isInputObjectType(type) ? type.getFields() : {};
    const unknown = Object.keys(invalidValue).filter((key) => !Object.hasOwn(defined, key));
    const named = unknown.slice(0, UNKNOWN_FIELDS_NAMED).map((key) => shortName(key));
    if (unknown.length === 1) return `Field "${named.join('')}" is not defined by type "${typeName}".`;
    return `${unknown.length} fields are not defined by type "${typeName}" (${named.join(', ')}${
      unknown.length > named.length ? ', …' : ''
    }).`;
  }
  const enumValue = /^Value .* does not exist in "(\w+)" enum\./s.exec(error.message);
  if (enumValue) return `The value does not exist in "${enumValue[1]}" enum.`;
  const cannotRepresent = /^(.*? cannot represent[^:]*):/s.exec(error.message);
  if (cannotRepresent) return `${cannotRepresent[1]}.`;
  const text = error.message.replace(/ Did you mean .*$/s, '');
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/**
 * The operation's variables checked as graphql-js will coerce them, stopping at each variable's first
 * problem: one error per malformed variable, worded by path (never with the value), at most `maxErrors`.
 * graphql-js reports up to 50 errors each holding the whole value, which made a 1 MB input a 44 MB answer.
 */
export function malformedVariables(
  schema: GraphQLSchema,
  definitions: readonly VariableDefinitionNode[],
  variables: Readonly<Record<string, unknown>>,
  options: { readonly maxErrors: number; readonly hideSuggestions: boolean },
): string[] {
  const messages: string[] = [];
  for (const definition of definitions) {
    if (messages.length >= options.maxErrors) break;
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    // Variables of unknown or output types fail graphql's validation, which already ran.
    if (!type || !isInputType(type)) continue;
    if (!Object.hasOwn(variables, name) || variables[name] === undefined) {
      if (!definition.defaultValue && isNonNullType(type))
        messages.push(`Variable "$${name}" of required type "${String(type)}" was not provided.`);
      continue;
    }
    const value = variables[name];
    if (value === null && isNonNullType(type)) {
      messages.push(`Variable "$${name}" of non-null type "${String(type)}" must not be null.`);
      continue;
    }
    try {
      coerceInputValue(
        value,
        type,
        (path, invalidValue, error) => {
          throw new MalformedVariable(
            `Variable "$${name}" got an invalid value at "${printPath(name, path)}": ${reasonWithoutValue(
              schema,
              error,
              invalidValue,
            )}`,
          );
        },
        options.hideSuggestions,
      );
    } catch (error) {
      if (!(error instanceof MalformedVariable)) throw error;
      messages.push(error.message);
    }
  }
  return messages;
}

function refusal(status: number, errors: GraphQLFormattedError[]): GraphQLResponse {
  return { http: { status, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { errors } } };
}

/**
 * Bounds what one request's variables can cost and what comes back: variables over the size limit are
 * refused (413), malformed ones answer one short error each before graphql-js coerces them, and no answer
 * carries more than `maxErrors` errors.
 */
export function graphqlInputLimitsPlugin(
  limits: GraphqlInputLimits,
  options: { readonly hideSuggestions: boolean },
): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async responseForOperation({ request, operation, schema }) {
          const variables = request.variables;
          // No operation of that name: graphql-js answers it, there are no variables to check.
          if (!variables || !operation) return null;
          if (Buffer.byteLength(JSON.stringify(variables)) > limits.maxVariablesBytes)
            return refusal(413, [
              {
                message: `Variables limit of ${limits.maxVariablesBytes} bytes exceeded.`,
                extensions: { code: 'PAYLOAD_TOO_LARGE' },
              },
            ]);
          const malformed = malformedVariables(schema, operation.variableDefinitions ?? [], variables, {
            maxErrors: limits.maxErrors,
            hideSuggestions: options.hideSuggestions,
          });
          if (malformed.length === 0) return null;
          return refusal(
            400,
            malformed.map((message) => ({ message, extensions: { code: 'BAD_USER_INPUT' } })),
          );
        },
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          const { singleResult } = response.body;
          const errors = singleResult.errors;
          if (!errors || errors.length <= limits.maxErrors) return;
          response.body = {
            kind: 'single',
            singleResult: {
              ...singleResult,
              errors: errors.slice(0, limits.maxErrors),
              extensions: { ...singleResult.extensions, omittedErrors: errors.length - limits.maxErrors },
            },
          };
        },
      };
    },
  };
}
