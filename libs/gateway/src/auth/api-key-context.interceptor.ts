import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { correlationIdFrom, requestContext } from '@membolt/platform';
import { Observable } from 'rxjs';
import type { ApiKeyRequest } from './api-key-principal.js';

/**
 * Runs the handler (and its pipes) as the key's owner: every bus call it makes carries `meta.userId`, and every
 * log line the user id, without each controller passing it along.
 */
@Injectable()
export class ApiKeyContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const principal = context.switchToHttp().getRequest<ApiKeyRequest>().apiKey;
    if (!principal) return next.handle();
    const correlationId = correlationIdFrom(requestContext.correlationId());
    return new Observable((subscriber) =>
      requestContext.run({ correlationId, userId: principal.userId, apiKeyId: principal.keyId }, () =>
        next.handle().subscribe(subscriber),
      ),
    );
  }
}
