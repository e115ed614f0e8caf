import { ServerNats } from '@nestjs/microservices';

interface Flushable {
  flush(): Promise<void>;
}

/**
 * ServerNats reports "listening" as soon as it has queued its subscriptions. This server waits until the
 * NATS server has confirmed them (flush), so a replica that says it is up really receives requests: a
 * restarted service is reachable the moment its process reports ready.
 */
export class ReadyNatsServer extends ServerNats {
  override start(callback: (error?: unknown) => void): void {
    super.start(() => {
      this.unwrap<Flushable>()
        .flush()
        .then(
          () => callback(),
          (error: unknown) => callback(error),
        );
    });
  }
}
