import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { InProcessBroker } from './in-process.broker.js';

/** Nest client proxy over the in-process broker: same API as ClientNats, no network. */
export class InProcessClient extends ClientProxy {
  constructor(private readonly broker: InProcessBroker) {
    super();
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
