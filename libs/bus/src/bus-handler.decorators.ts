import {
  applyDecorators,
  type ArgumentsHost,
  Catch,
  type CallHandler,
  Controller,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  type RpcExceptionFilter,
  UseFilters,
  UseInterceptors,
} from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  type BusEnvelope,
  type BusErrorPayload,
  CommonError,
  CommonErrorCode,
  INTERNAL_ERROR_MESSAGE,
  MemboltError,
  type PayloadContract,
  toBusErrorPayload,
} from '@membolt/contracts';
import { ContractValidationPipe, correlationIdFrom, requestContext } from '@membolt/platform';
import { Observable, throwError } from 'rxjs';

/** Runs each bus handler inside the request context (correlation id, acting user) sent by the caller. */
@Injectable()
export class BusContextInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Bus');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const rpc = context.switchToRpc();
    const envelope = rpc.getData<Partial<BusEnvelope> | undefined>();
    const meta = envelope?.meta;
    const userId = typeof meta?.userId === 'string' ? meta.userId : undefined;
    const apiKeyId = userId && typeof meta?.apiKeyId === 'string' ? meta.apiKeyId : undefined;
    const ctx = {
      correlationId: correlationIdFrom(meta?.correlationId),
      ...(userId ? { userId } : {}),
      ...(apiKeyId ? { apiKeyId } : {}),
    };
    const subject = String(
      (rpc.getContext() as { getArgs?: () => unknown[] }).getArgs?.()[0] ?? context.getHandler().name,
    );
    return new Observable((subscriber) =>
      requestContext.run(ctx, () => {
        const started = performance.now();
        const logDone = (outcome: string) =>
          this.logger.debug(`${subject} ${outcome} in ${(performance.now() - started).toFixed(2)} ms`);
        return next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            logDone('failed');
            subscriber.error(error);
          },
          complete: () => {
            logDone('handled');
            subscriber.complete();
          },
        });
      }),
    );
  }
}

/** Turns whatever a handler throws into the bus error payload; unknown errors are logged and hidden. */
@Catch()
export class BusExceptionFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('BusHandler');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const payload = toBusErrorPayloadOf(exception, this.logger);
    return throwError(() => payload);
  }
}

/** A handler's failure as the bus error payload; an unknown error is logged and hidden behind internal_error. */
export function toBusErrorPayloadOf(exception: unknown, logger: Logger): BusErrorPayload {
  if (exception instanceof MemboltError) return toBusErrorPayload(exception);
  const correlationId = requestContext.correlationId();
  logger.error(
    `Unhandled error in bus handler (correlationId ${correlationId ?? 'none'}): ${exception instanceof Error ? exception.stack : String(exception)}`,
  );
  return { code: CommonErrorCode.InternalError, message: INTERNAL_ERROR_MESSAGE, correlationId };
}

/** Marks a class as a bus handler controller: request context + error mapping on every handler. */
export const BusController = (): ClassDecorator =>
  applyDecorators(Controller(), UseInterceptors(BusContextInterceptor), UseFilters(BusExceptionFilter));

/** The validated `data` of the envelope, checked against its contract schema on receipt. */
export const BusPayload = <T extends object>(contract: PayloadContract<T>): ParameterDecorator =>
  Payload('data', new ContractValidationPipe(contract));

/** The acting user's id from the envelope (undefined for public calls). */
export const BusUserId = (): ParameterDecorator =>
  Payload('meta', { transform: (meta: unknown) => (meta as BusEnvelope['meta'] | undefined)?.userId });

class RequireActingUserPipe {
  transform(meta: unknown): string {
    const userId = (meta as BusEnvelope['meta'] | undefined)?.userId;
    if (typeof userId !== 'string' || userId.length === 0) {
      throw new CommonError(CommonErrorCode.Unauthorized, 'This operation needs a signed-in user.');
    }
    return userId;
  }
}

/** The acting user's id, required: a user-scoped handler cannot run without one. */
export const ActingUserId = (): ParameterDecorator => Payload('meta', new RequireActingUserPipe());
