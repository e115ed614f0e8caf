import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import {
  GRAPHQL_CODE_BY_CODE,
  GraphqlErrorCode,
  INTERNAL_ERROR_MESSAGE,
  MemboltError,
} from '@membolt/contracts';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { QUERY_TOO_COMPLEX, RefusedOperationError } from './query-limits.js';

const logger = new Logger('GraphQL');

/**
 * Domain errors keep their message and get `extensions.code`; GraphQL's own errors (syntax, validation)
 * pass through; anything else is logged and hidden behind a generic message with its correlation id.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const refusal = refusalOf(error) ?? variableErrorWithoutValue(formatted);
  if (refusal) return refusal;
  const original: unknown = unwrapResolverError(error);
  if (original instanceof MemboltError) {
    const domainError: MemboltError = original;
    return {
      message: domainError.message,
      path: formatted.path,
      extensions: {
        code: GRAPHQL_CODE_BY_CODE[domainError.code],
        error: domainError.code,
        ...(domainError.reason ? { reason: domainError.reason } : {}),
        ...(domainError.correlationId ? { correlationId: domainError.correlationId } : {}),
      },
    };
  }
  const code = formatted.extensions?.['code'];
  if (typeof code === 'string' && code !== GraphqlErrorCode.InternalServerError) {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  logger.error(`Unhandled GraphQL error: ${original instanceof Error ? original.stack : String(original)}`);
  return {
    message: INTERNAL_ERROR_MESSAGE,
    path: formatted.path,
    extensions: { code: GraphqlErrorCode.InternalServerError },
  };
}

const VARIABLE_ERROR = /^Variable "\$(\w+)" got invalid value /;
const TOO_MANY_VARIABLE_ERRORS = /^Too many errors processing variables/;

/**
 * graphql-js words variable errors with the whole value (which can be a megabyte, or a password). The
 * input limits plugin answers malformed variables before graphql-js sees them; this is the backstop.
 */
function variableErrorWithoutValue(formatted: GraphQLFormattedError): GraphQLFormattedError | undefined {
  const variable = VARIABLE_ERROR.exec(formatted.message);
  if (variable)
    return {
      message: `Variable "$${variable[1]}" got an invalid value.`,
      extensions: { code: GraphqlErrorCode.BadUserInput },
    };
  if (TOO_MANY_VARIABLE_ERRORS.test(formatted.message))
    return {
      message: 'The variables hold too many errors.',
      extensions: { code: GraphqlErrorCode.BadUserInput },
    };
  return undefined;
}

/** graphql's parser stops at `maxTokens` with a syntax error; it is a size refusal like the others. */
const TOKEN_LIMIT_MESSAGE = /Document contains more th\w+ (\d+) tokens/;

/**
 * The edge's own refusals (size limits, unserved operation types) keep their code, which Apollo replaced
 * with GRAPHQL_VALIDATION_FAILED / GRAPHQL_PARSE_FAILED when wrapping them.
 */
function refusalOf(error: unknown): GraphQLFormattedError | undefined {
  if (!(error instanceof GraphQLError)) return undefined;
  const original = error.originalError;
  if (original instanceof RefusedOperationError)
    return { message: original.message, extensions: { code: original.code } };
  const tokenLimit = TOKEN_LIMIT_MESSAGE.exec(error.message);
  if (tokenLimit)
    return {
      message: `Token limit of ${tokenLimit[1]} exceeded.`,
      extensions: { code: QUERY_TOO_COMPLEX },
    };
  return undefined;
}
