import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { CommonError, CommonErrorCode, INTERNAL_ERROR_MESSAGE, MemboltError } from '@membolt/contracts';
import { requestContext } from '@membolt/platform';
import { type EdgeReply, replyJson } from '@membolt/edge';
import { toJsonRpcErrorResponse } from './mcp.errors.js';

/**
 * Refusals of a whole request to /mcp (a missing or bad key, the rate limit, a failure before the MCP server
 * answered) leave with the REST status and a JSON-RPC error body, which MCP clients read; `error.data` is the
 * REST facade's `{error, message}`.
 */
@Catch()
export class McpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('McpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<EdgeReply>();
    const response = reply.raw;
    const correlationId = requestContext.correlationId();
    let error: MemboltError;
    if (exception instanceof MemboltError) error = exception;
    else {
      if (!(exception instanceof HttpException) || exception.getStatus() >= 500)
        this.logger.error(
          `MCP request failed (correlationId ${correlationId}): ${exception instanceof Error ? exception.stack : String(exception)}`,
        );
      error =
        exception instanceof HttpException && exception.getStatus() < 500
          ? new CommonError(CommonErrorCode.ValidationError, exception.message)
          : new CommonError(CommonErrorCode.InternalError, INTERNAL_ERROR_MESSAGE, correlationId);
    }
    if (response.headersSent) {
      if (!response.writableEnded) response.end();
      return;
    }
    const { status, body } = toJsonRpcErrorResponse(error);
    if (status === 503) response.setHeader('Retry-After', '5');
    replyJson(reply, status, body);
  }
}
