import { ClientNats, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import { NoRespondersError } from '../in-process/in-process.broker.js';

type NatsReply = Parameters<ReturnType<ClientNats['createSubscriptionHandler']>>[1];

interface NatsRequester {
  request(
    subject: string,
    data: unknown,
    options: { timeout: number; headers?: unknown },
  ): Promise<NatsReply>;
}

/**
 * The NATS server cannot be reached (never connected, or the connection is lost and being re-established).
 * Nest's ClientNats rejects with a bare string while it reconnects; this gives callers one typed cause.
 */
export class BusUnreachableError extends Error {
  constructor(
    readonly servers: string,
    readonly detail: string,
  ) {
    super(`NATS at ${servers} is unreachable: ${detail}`);
    this.name = 'BusUnreachableError';
  }
}

/**
 * Reconnect for ever: an edge or a service outlives any NATS outage and serves again once NATS is back,
 * without a restart. The first connection is tried again by the next request (clients) or by the service
 * process's wait loop (servers).
 */
export const NATS_RECONNECT_OPTIONS = {
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
} as const;

/**
 * Nest's ClientNats publishes to a private inbox, so a request to a subject nobody serves waits for the
 * full timeout. This client uses NATS request/reply instead: the server answers "no responders" at once
 * when every replica of a service is down, and the caller fails fast with `service_unavailable`. While
 * NATS is unreachable every request fails at once with BusUnreachableError.
 */
export class FastFailNatsClient extends ClientNats {
  /** Requests awaiting an answer: failed at once when the connection drops (NATS will not answer them). */
  private readonly pending = new Set<(error: BusUnreachableError) => void>();
  private readonly watched = new WeakSet<object>();

  constructor(
    private readonly natsOptions: ConstructorParameters<typeof ClientNats>[0] & { servers: string },
    private readonly requestTimeoutMs: number,
  ) {
    super({ ...NATS_RECONNECT_OPTIONS, ...natsOptions });
  }

  override async connect(): Promise<unknown> {
    try {
      const connection = (await super.connect()) as object;
      if (!this.watched.has(connection)) {
        this.watched.add(connection);
        this.on('disconnect', () => this.failPending('connection lost'));
      }
      return connection;
    } catch (error) {
      throw new BusUnreachableError(
        this.natsOptions.servers,
        error instanceof Error ? error.message : String(error),
      );
    }
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    let active = true;
    const fail = (error: BusUnreachableError) => {
      if (active) callback({ err: error, isDisposed: true });
      active = false;
    };
    try {
      const subject = this.normalizePattern(partialPacket.pattern);
      const serialized = this.serializer.serialize(packet) as { data: unknown; headers?: unknown };
      const client = this.unwrap<NatsRequester>();
      this.pending.add(fail);
      const onMessage = this.createSubscriptionHandler(packet, (answer) => {
        this.pending.delete(fail);
        if (active) callback(answer);
      });
      client
        .request(subject, serialized.data, {
          timeout: this.requestTimeoutMs,
          headers: this.mergeHeaders(serialized.headers),
        })
        .then(
          (message) => onMessage(null, message),
          (error: unknown) => {
            this.pending.delete(fail);
            if (!active) return;
            callback({
              err: isNoResponders(error) ? new NoRespondersError(subject) : error,
              isDisposed: true,
            });
          },
        );
    } catch (error) {
      callback({ err: error, isDisposed: true });
    }
    return () => {
      active = false;
      this.pending.delete(fail);
    };
  }

  private failPending(detail: string): void {
    const failures = [...this.pending];
    this.pending.clear();
    const error = new BusUnreachableError(this.natsOptions.servers, detail);
    for (const fail of failures) fail(error);
  }
}

function isNoResponders(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '503' || error.name === 'NoRespondersError' || /no responders/i.test(error.message);
}
