import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  BUS_CLIENT_OPTIONS,
  BUS_CLIENT_PROXY,
  type BusClientOptions,
  type BusClientProxy,
} from '../bus.options.js';

type Listener = (message: unknown) => void;

/** A handler that streams pings this often while it works, so a caller can tell "slow" from "gone". */
export const DEFAULT_STREAM_HEARTBEAT_MS = 5000;

interface Connectable {
  connect(): Promise<unknown>;
  unwrap<T>(): T;
}

/**
 * The plain publish/subscribe channel that carries streamed answers (`BusClient.stream`) beside the
 * request/reply bus: on NATS a core subscription on the bus client's own connection (no queue group: the
 * one caller that opened the stream receives it), in process a listener on the broker. Both ends use it:
 * the caller subscribes to its reply subject, the handler publishes chunks there and listens for a cancel.
 */
@Injectable()
export class BusStreams implements OnApplicationShutdown {
  private readonly logger = new Logger('BusStreams');
  private readonly open = new Set<() => void>();

  constructor(
    @Inject(BUS_CLIENT_OPTIONS) private readonly options: BusClientOptions,
    @Inject(BUS_CLIENT_PROXY) private readonly proxy: BusClientProxy,
  ) {}

  get heartbeatMs(): number {
    return this.options.streamHeartbeatMs ?? DEFAULT_STREAM_HEARTBEAT_MS;
  }

  /** Resolves once the subscription is active (NATS confirmed it), so nothing published after is lost. */
  async subscribe(subject: string, listener: Listener): Promise<() => void> {
    const { transport } = this.options;
    let off: () => void;
    if (transport.transport === 'in-process') {
      off = transport.broker.on(subject, async (message) => listener(message));
    } else {
      const connection = await this.nats();
      const subscription = connection.subscribe(subject, {
        callback: (error, message) => {
          if (error) {
            this.logger.warn(`Stream subscription ${subject} failed: ${error.message}`);
            return;
          }
          try {
            listener(message.json<unknown>());
          } catch {
            this.logger.warn(`Stream message on ${subject} dropped: not JSON`);
          }
        },
      });
      await connection.flush();
      off = () => subscription.unsubscribe();
    }
    const close = () => {
      if (!this.open.delete(close)) return;
      off();
    };
    this.open.add(close);
    return close;
  }

  /** At-most-once, in order per publisher. A publish to a subject nobody listens on is dropped. */
  async publish(subject: string, message: unknown): Promise<void> {
    const { transport } = this.options;
    if (transport.transport === 'in-process') {
      await transport.broker.publish(subject, message);
      return;
    }
    (await this.nats()).publish(subject, JSON.stringify(message));
  }

  onApplicationShutdown(): void {
    [...this.open].forEach((close) => close());
  }

  private async nats(): Promise<NatsConnection> {
    const client = this.proxy as unknown as Connectable;
    await client.connect();
    return client.unwrap<NatsConnection>();
  }
}
