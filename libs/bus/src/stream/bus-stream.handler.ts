import {
  applyDecorators,
  type CallHandler,
  type ExecutionContext,
  Injectable,
  Logger,
  type NestInterceptor,
  UseInterceptors,
} from '@nestjs/common';
import {
  BUS_STREAM_PREFIX,
  type BusEnvelope,
  type BusStreamMessage,
  CommonError,
  CommonErrorCode,
} from '@membolt/contracts';
import { defer, type Observable, type Subscription } from 'rxjs';
import { toBusErrorPayloadOf } from '../bus-handler.decorators.js';
import { BusStreams } from './bus-streams.js';

/** The request's answer: the stream is accepted, its chunks follow on the reply subject. */
export interface BusStreamAck {
  readonly accepted: true;
}

/**
 * Runs a streaming handler (one that returns an Observable of chunks) for `BusClient.stream`: the request
 * is answered at once with an acknowledgement; every chunk, then `end` (or `error`, the bus error payload)
 * goes to the caller's reply subject; a ping goes there every heartbeat; a message on `<replyTo>.cancel`
 * (the caller went away) unsubscribes from the handler's Observable, whose teardown stops the work.
 */
@Injectable()
export class BusStreamInterceptor implements NestInterceptor {
  private readonly logger = new Logger('BusStream');

  constructor(private readonly streams: BusStreams) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<BusStreamAck> {
    const envelope = context.switchToRpc().getData<Partial<BusEnvelope> | undefined>();
    const replyTo = envelope?.meta?.stream?.replyTo;
    return defer(async () => {
      if (typeof replyTo !== 'string' || !replyTo.startsWith(BUS_STREAM_PREFIX) || replyTo.length > 100) {
        throw new CommonError(
          CommonErrorCode.ValidationError,
          'This subject streams: call it with stream().',
        );
      }
      await this.run(replyTo, next);
      return { accepted: true } as const;
    });
  }

  private async run(replyTo: string, next: CallHandler): Promise<void> {
    let seq = 0;
    let finished = false;
    let inner: Subscription | null = null;
    const send = (message: BusStreamMessage) =>
      this.streams
        .publish(replyTo, message)
        .catch((error: unknown) =>
          this.logger.warn(
            `Stream ${replyTo} lost a message: ${error instanceof Error ? error.message : error}`,
          ),
        );
    const stopCancelWatch = await this.streams.subscribe(`${replyTo}.cancel`, () => {
      if (finished) return;
      this.logger.debug(`Stream ${replyTo} cancelled by its caller`);
      finish();
      inner?.unsubscribe();
    });
    const heartbeat = setInterval(() => void send({ kind: 'ping' }), this.streams.heartbeatMs);
    heartbeat.unref();
    const finish = () => {
      finished = true;
      clearInterval(heartbeat);
      stopCancelWatch();
    };
    // Chunks are published one after the other (a promise chain), so they arrive in order.
    let queue = Promise.resolve();
    const enqueue = (message: BusStreamMessage) => {
      queue = queue.then(() => send(message));
    };
    inner = next.handle().subscribe({
      next: (data) => enqueue({ kind: 'chunk', seq: seq++, data }),
      error: (error: unknown) => {
        if (finished) return;
        finish();
        enqueue({ kind: 'error', error: toBusErrorPayloadOf(error, this.logger) });
      },
      complete: () => {
        if (finished) return;
        finish();
        enqueue({ kind: 'end' });
      },
    });
    if (finished) inner.unsubscribe();
  }
}

/** Marks a `@MessagePattern` handler as streaming: it returns an Observable of chunks (see BusStreamInterceptor). */
export const BusStream = (): MethodDecorator => applyDecorators(UseInterceptors(BusStreamInterceptor));
