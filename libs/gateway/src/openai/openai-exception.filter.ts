import { type ArgumentsHost, Catch, type ExceptionFilter, Logger } from '@nestjs/common';
import { CommonErrorCode } from '@membolt/contracts';
import { type EdgeReply, type FilteredRequest, replyJson, toMemboltError } from '@membolt/edge';
import { OpenAiRequestError, toOpenAiError } from './openai.errors.js';

/**
 * The OpenAI-compatible routes answer every error in OpenAI's shape, `{error: {message, type, param, code}}`,
 * with the status the REST API gives the same error, so the `openai` client raises its typed errors. Guards'
 * refusals (key, rate limit) pass through here too.
 */
@Catch()
export class OpenAiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('OpenAiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<EdgeReply>();
    const response = reply.raw;
    const error =
      exception instanceof OpenAiRequestError
        ? exception
        : toMemboltError(exception, http.getRequest<FilteredRequest>(), this.logger);
    const { status, body } = toOpenAiError(error);
    // A stream already under way reports its failure as its last event (the controller writes it).
    if (response.headersSent) {
      if (!response.writableEnded) response.end();
      return;
    }
    if (status === 503 && error.code === CommonErrorCode.ServiceUnavailable)
      response.setHeader('Retry-After', '5');
    replyJson(reply, status, body);
  }
}
