import type { Logger } from '@nestjs/common';
import {
  GRAPHQL_CODE_BY_CODE,
  GraphqlErrorCode,
  INTERNAL_ERROR_MESSAGE,
  MemboltError,
  toRestError,
} from '@membolt/contracts';

/** What a server-sent-event stream of the BFF answers for a failure: the GraphQL `extensions.code` and text. */
export interface StreamErrorBody {
  readonly code: GraphqlErrorCode;
  readonly message: string;
  /** Why the subscription check refused (`SUBSCRIPTION_INVALID`). */
  readonly reason?: string;
  readonly correlationId?: string;
}

/** A domain error keeps its code and text; anything else is logged and answered as an internal error. */
export function streamErrorOf(error: unknown, logger: Logger, what: string): StreamErrorBody {
  if (error instanceof MemboltError) {
    const domainError: MemboltError = error;
    return {
      code: GRAPHQL_CODE_BY_CODE[domainError.code],
      message: domainError.message,
      ...(domainError.reason ? { reason: domainError.reason } : {}),
      ...(domainError.correlationId ? { correlationId: domainError.correlationId } : {}),
    };
  }
  logger.error(`${what} failed: ${error instanceof Error ? error.stack : String(error)}`);
  return { code: GraphqlErrorCode.InternalServerError, message: INTERNAL_ERROR_MESSAGE };
}

/** The HTTP status of a failure answered before a stream opens. */
export function streamErrorStatus(error: unknown): number {
  return error instanceof MemboltError ? toRestError(error).status : 500;
}
