import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { type BusEnvelope, type BusSubject, type PayloadContract, validatePayload } from '@membolt/contracts';
import { correlationIdFrom, requestContext } from '@membolt/platform';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BUS_CLIENT_OPTIONS, type BusClientOptions } from '../bus.options.js';

export type BroadcastHandler<T> = (data: T) => void | Promise<void>;

/**
 * Receives broadcast events: every subscriber in every process gets each one. Nest's servers listen in
 * the service's queue group (one replica per message), which is right for requests and wrong for facts
 * every replica must act on, such as a revoked session or API key. On NATS this is a plain subscription
 * on a connection of its own; in process, a listener on the broker. Publish with `BusClient.emit`.
 */
@Injectable()
export class BusBroadcasts implements OnApplicationShutdown {
  private readonly logger = new Logger('BusBroadcasts');
  private nats: Promise<NatsConnection> | null = null;
  private readonly detach: Array<() => void> = [];
  private readonly retries = new Set<NodeJS.Timeout>();

  constructor(@Inject(BUS_CLIENT_OPTIONS) private readonly options: BusClientOptions) {}

  /**
   * Calls `handler` with every event of `subject` whose payload passes its contract's validation;
   * an invalid one is logged and dropped. Resolves once the subscription is active (NATS has confirmed it).
   */
  async subscribe<T extends object>(
    subject: BusSubject<T, void>,
    contract: PayloadContract<T>,
    handler: BroadcastHandler<T>,
  ): Promise<() => void> {
    const deliver = async (raw: unknown): Promise<void> => {
      const envelope = raw as Partial<BusEnvelope> | undefined;
      const correlationId = correlationIdFrom(envelope?.meta?.correlationId);
      await requestContext.run({ correlationId }, async () => {
        try {
          await handler(validatePayload(contract, envelope?.data));
        } catch (error) {
          this.logger.error(
            `Broadcast ${subject.name} not handled (correlationId ${correlationId}): ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      });
    };
    const { transport } = this.options;
    if (transport.transport === 'in-process') {
      const off = transport.broker.on(subject.name, deliver);
      this.detach.push(off);
      return off;
    }
    this.nats ??= connect({ servers: transport.servers, name: `${transport.name}-broadcasts` });
    let connection: NatsConnection;
    try {
      connection = await this.nats;
    } catch (error) {
      this.nats = null;
      throw error;
    }
    const subscription = connection.subscribe(subject.name, {
      callback: (error, message) => {
        if (error) {
          this.logger.error(`Broadcast subscription ${subject.name} failed: ${error.message}`);
          return;
        }
        let packet: { data?: unknown };
        try {
          packet = message.json<{ data?: unknown }>();
        } catch {
          this.logger.warn(`Broadcast ${subject.name} dropped: not JSON`);
          return;
        }
        void deliver(packet.data);
      },
    });
    // A subscriber that says it is ready must already receive: wait until the server has the interest.
    await connection.flush();
    const off = () => subscription.unsubscribe();
    this.detach.push(off);
    return off;
  }

  /**
   * `subscribe`, but a bus that cannot be reached yet does not fail the caller: the failure is logged and
   * the subscription retried every `retryMs` until it is active. True when it is active on return.
   */
  async subscribeOrRetry<T extends object>(
    subject: BusSubject<T, void>,
    contract: PayloadContract<T>,
    handler: BroadcastHandler<T>,
    retryMs = 2000,
  ): Promise<boolean> {
    try {
      await this.subscribe(subject, contract, handler);
      return true;
    } catch (error) {
      this.logger.warn(
        `Cannot subscribe to ${subject.name} yet (retrying every ${retryMs} ms): ${error instanceof Error ? error.message : String(error)}`,
      );
      const retry = setTimeout(() => {
        this.retries.delete(retry);
        void this.subscribeOrRetry(subject, contract, handler, retryMs).then((active) => {
          if (active) this.logger.log(`Subscribed to ${subject.name}`);
        });
      }, retryMs);
      retry.unref();
      this.retries.add(retry);
      return false;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.retries.forEach((retry) => clearTimeout(retry));
    this.retries.clear();
    this.detach.splice(0).forEach((off) => off());
    const nats = this.nats;
    this.nats = null;
    if (nats) await (await nats).drain().catch(() => undefined);
  }
}
