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
 * Nest's ClientNats publishes to a private inbox, so a request to a subject nobody serves waits for the
 * full timeout. This client uses NATS request/reply instead: the server answers "no responders" at once
 * when every replica of a service is down, and the caller fails fast with `service_unavailable`.
 */
export class FastFailNatsClient extends ClientNats {
  constructor(
    options: ConstructorParameters<typeof ClientNats>[0],
    private readonly requestTimeoutMs: number,
  ) {
    super(options);
  }

  protected override publish(partialPacket: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    const packet = this.assignPacketId(partialPacket);
    let active = true;
    try {
      const subject = this.normalizePattern(partialPacket.pattern);
      const serialized = this.serializer.serialize(packet) as { data: unknown; headers?: unknown };
      const client = this.unwrap<NatsRequester>();
      const onMessage = this.createSubscriptionHandler(packet, (answer) => {
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
    };
  }
}

function isNoResponders(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === '503' || error.name === 'NoRespondersError' || /no responders/i.test(error.message);
}
