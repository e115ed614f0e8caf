import type { WritePacket } from '@nestjs/microservices';
import { BaseRpcContext, type CustomTransportStrategy, Server } from '@nestjs/microservices';
import { isObservable } from 'rxjs';
import type { InProcessBroker } from './in-process.broker.js';

export class InProcessContext extends BaseRpcContext<[string]> {
  getSubject(): string {
    return this.args[0];
  }
}

/** Nest transport strategy that serves this app's @MessagePattern / @EventPattern handlers in process. */
export class InProcessServer extends Server implements CustomTransportStrategy {
  private readonly detach: Array<() => void> = [];

  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  override listen(callback: () => void): void {
    for (const [pattern, handler] of this.messageHandlers) {
      if (handler.isEventHandler) {
        this.detach.push(
          this.broker.on(pattern, async (data) =>
            this.handleEvent(pattern, { pattern, data }, new InProcessContext([pattern])),
          ),
        );
        continue;
      }
      this.detach.push(
        this.broker.handle(pattern, (data, respond) => {
          const context = new InProcessContext([pattern]);
          this.runWithProcessingHooks(context, (runEndHook) =>
            answer(
              () => handler(data, context),
              (packet) => {
                if (packet.isDisposed) runEndHook();
                try {
                  respond(packet);
                } catch (error) {
                  // As Server.send: an answer that cannot be delivered is logged, and the caller times out.
                  this.logger.error(error);
                }
              },
            ),
          );
        }),
      );
    }
    callback();
  }

  override close(): void {
    this.detach.splice(0).forEach((detach) => detach());
  }

  override on(): never {
    throw new Error('The in-process transport has no status events.');
  }

  override unwrap<T>(): T {
    return this.broker as T;
  }
}

/**
 * Runs a Nest handler (its pipes, interceptors and filters are inside it) and gives its answer as the packets
 * `Server.send` would: each value, and the last one marked disposed, or the error, disposed. Subscribed to
 * directly, where `handleRequest` piped the handler's observable through three operators and a queue drained
 * on the next tick, per request. A handler that throws or rejects outside its observable is answered with
 * that error rather than left unanswered until the caller's timeout.
 */
async function answer(run: () => unknown, respond: (packet: WritePacket) => void): Promise<void> {
  let result: unknown;
  try {
    result = await run();
  } catch (err) {
    respond({ err, isDisposed: true });
    return;
  }
  if (!isObservable(result)) {
    respond({ response: result, isDisposed: true });
    return;
  }
  // A value waits for the next event, so the last one goes out with the completion, as one packet.
  let held: { value: unknown } | null = null;
  result.subscribe({
    next: (value) => {
      if (held) respond({ response: held.value });
      held = { value };
    },
    error: (err: unknown) => {
      if (held) respond({ response: held.value });
      held = null;
      respond({ err, isDisposed: true });
    },
    complete: () => {
      respond(held ? { response: held.value, isDisposed: true } : { isDisposed: true });
      held = null;
    },
  });
}
