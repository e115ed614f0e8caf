import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { EmptyError, TimeoutError } from 'rxjs';
import type { InProcessBroker } from './in-process.broker.js';

/** Nest client proxy over the in-process broker: same API as ClientNats, no network. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly broker: InProcessBroker) {
    super();
  }

  /**
   * One request, answered as `firstValueFrom(send(pattern, data).pipe(timeout({ first: timeoutMs })))` would:
   * the first answer, the handler's error, rxjs' `EmptyError` for a handler that completed without a value,
   * its `TimeoutError` when nothing came in time. Without the chain of observables `send` builds per
   * request (a deferred connect, a merge, the timeout operator): with the server's side of it, a fifth to a
   * quarter of an in-process call's CPU (docs/decisions/244-an-in-process-bus-call-without-observables.md).
   */
  ask<T>(pattern: string, data: unknown, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        settled = true;
        reject(new TimeoutError());
      }, timeoutMs);
      this.broker.request(this.normalizePattern(pattern), data, ({ err, response, isDisposed }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else if (response === undefined && isDisposed) reject(new EmptyError());
        else resolve(response as T);
      });
    });
  }

  /** One event to every listener, as `firstValueFrom(emit(pattern, data))` settles, without its observables. */
  tell(pattern: string, data: unknown): Promise<void> {
    return this.broker.publish(this.normalizePattern(pattern), data);
  }

  override async connect(): Promise<void> {
    // Nothing to connect: the broker lives in this process.
  }

  override close(): void {
    // Nothing to release: the broker outlives its clients.
  }

  override on(): never {
    throw new Error('The in-process transport has no status events.');
  }

  override unwrap<T>(): T {
    return this.broker as T;
  }

  protected override publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    let active = true;
    this.broker.request(this.normalizePattern(packet.pattern), packet.data, (answer) => {
      if (active) callback(answer);
    });
    return () => {
      active = false;
    };
  }

  protected override dispatchEvent<T = unknown>(packet: ReadPacket): Promise<T> {
    return this.broker.publish(this.normalizePattern(packet.pattern), packet.data) as Promise<T>;
  }
}
