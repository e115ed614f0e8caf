import { unwrapResolverError } from '@apollo/server/errors';
import { Logger } from '@nestjs/common';
import { GRAPHQL_CODE_BY_CODE, INTERNAL_ERROR_MESSAGE, MemboltError } from '@membolt/contracts';
import type { GraphQLFormattedError } from 'graphql';

const logger = new Logger('GraphQL');

/**
 * Domain errors keep their message and get `extensions.code`; GraphQL's own errors (syntax, validation)
 * pass through; anything else is logged and hidden behind a generic message with its correlation id.
 */
export function formatGraphqlError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original: unknown = unwrapResolverError(error);
  if (original instanceof MemboltError) {
    const domainError: MemboltError = original;
    return {
      message: domainError.message,
      path: formatted.path,
      extensions: {
        code: GRAPHQL_CODE_BY_CODE[domainError.code],
        error: domainError.code,
        ...(domainError.correlationId ? { correlationId: domainError.correlationId } : {}),
      },
    };
  }
  const code = formatted.extensions?.['code'];
  if (typeof code === 'string' && code !== 'INTERNAL_SERVER_ERROR') {
    const { stacktrace: _stacktrace, ...extensions } = formatted.extensions ?? {};
    return { ...formatted, extensions };
  }
  logger.error(`Unhandled GraphQL error: ${original instanceof Error ? original.stack : String(original)}`);
  return {
    message: INTERNAL_ERROR_MESSAGE,
    path: formatted.path,
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  };
}
