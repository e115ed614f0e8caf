import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import {
  CommonError,
  CommonErrorCode,
  INTERNAL_ERROR_MESSAGE,
  MemboltError,
  toRestError,
} from '@membolt/contracts';
import { requestContext } from '@membolt/platform';
import { type EdgeReply, pathOf, replyJson } from './http-platform.js';

/** What the filter reads of a request: its method and URL. */
export type FilteredRequest = { readonly method: string; readonly url: string };

/** Nest's own HTTP exceptions (unknown route, framework checks) in our error vocabulary. */
function fromHttpException(exception: HttpException, request: FilteredRequest): MemboltError {
  const status = exception.getStatus();
  switch (status) {
    case HttpStatus.NOT_FOUND:
      return new CommonError(
        CommonErrorCode.RouteNotFound,
        `No route matches ${request.method} ${pathOf(request)}`,
      );
    case HttpStatus.PAYLOAD_TOO_LARGE:
      return new CommonError(CommonErrorCode.PayloadTooLarge, 'The request body is too large.');
    case HttpStatus.UNAUTHORIZED:
      return new CommonError(CommonErrorCode.Unauthorized, exception.message);
    case HttpStatus.FORBIDDEN:
      return new CommonError(CommonErrorCode.Forbidden, exception.message);
    case HttpStatus.TOO_MANY_REQUESTS:
      return new CommonError(CommonErrorCode.RateLimited, exception.message);
    default:
      return status < 500
        ? new CommonError(CommonErrorCode.ValidationError, exception.message)
        : new CommonError(CommonErrorCode.InternalError, INTERNAL_ERROR_MESSAGE);
  }
}

/**
 * Any exception a route raised, in our error vocabulary with the request's correlation id. Unknown errors become
 * a generic 500 and their cause is logged under that id. Edges that answer in another API's error shape start
 * from this too.
 */
export function toMemboltError(exception: unknown, request: FilteredRequest, logger: Logger): MemboltError {
  const correlationId = requestContext.correlationId();
  let error: MemboltError;
  if (exception instanceof MemboltError) error = exception;
  else if (exception instanceof HttpException) error = fromHttpException(exception, request);
  else {
    logger.error(
      `Unhandled error on ${request.method} ${pathOf(request)} (correlationId ${correlationId}): ${exception instanceof Error ? exception.stack : String(exception)}`,
    );
    error = new CommonError(CommonErrorCode.InternalError, INTERNAL_ERROR_MESSAGE);
  }
  return error.correlationId || !correlationId
    ? error
    : new MemboltError(error.code, error.message, correlationId, error.reason);
}

/**
 * Every HTTP error leaves as `{ error, message }` with its mapped status. Unknown errors become a generic
 * 500 carrying the correlation id, and the cause is logged under that id. Non-HTTP contexts (GraphQL)
 * are passed through to their own formatter.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): unknown {
    if (host.getType() !== 'http') return exception;
    const http = host.switchToHttp();
    const error = toMemboltError(exception, http.getRequest<FilteredRequest>(), this.logger);
    const reply = http.getResponse<EdgeReply>();
    const { status, body } = toRestError(error);
    if (status === 503 && error.code === CommonErrorCode.ServiceUnavailable && !reply.raw.headersSent)
      reply.raw.setHeader('Retry-After', '5');
    replyJson(reply, status, body);
    return undefined;
  }
}
