import { BaseRpcContext, type CustomTransportStrategy, Server } from '@nestjs/microservices';
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
          this.handleRequest(
            context,
            async () => this.transformToObservable(await handler(data, context)),
            (packet) => respond(packet),
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
