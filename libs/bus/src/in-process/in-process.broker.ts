import type { WritePacket } from '@nestjs/microservices';
import { wireCopy } from './wire-copy.js';

export type InProcessRequestHandler = (data: unknown, respond: (packet: WritePacket) => void) => void;
export type InProcessEventHandler = (data: unknown) => Promise<unknown>;

/** Thrown to a caller when no server in this process handles the subject (NATS would answer "no responders"). */
export class NoRespondersError extends Error {
  readonly code = 'NO_RESPONDERS';
  constructor(readonly subject: string) {
    super(`No responders for "${subject}"`);
  }
}

/**
 * The in-process counterpart of a NATS server: subjects map to handlers registered by InProcessServer.
 * Several handlers for one subject are served round-robin, like a NATS queue group. Payloads are
 * copied both ways as JSON would copy them (`wireCopy`) so a handler never shares objects with its caller
 * and sees exactly what the wire delivers.
 */
export class InProcessBroker {
  private readonly requestHandlers = new Map<string, { handlers: InProcessRequestHandler[]; next: number }>();
  private readonly eventHandlers = new Map<string, InProcessEventHandler[]>();

  handle(subject: string, handler: InProcessRequestHandler): () => void {
    const entry = this.requestHandlers.get(subject) ?? { handlers: [], next: 0 };
    entry.handlers.push(handler);
    this.requestHandlers.set(subject, entry);
    return () => {
      entry.handlers = entry.handlers.filter((h) => h !== handler);
      if (entry.handlers.length === 0) this.requestHandlers.delete(subject);
    };
  }

  on(subject: string, handler: InProcessEventHandler): () => void {
    this.eventHandlers.set(subject, [...(this.eventHandlers.get(subject) ?? []), handler]);
    return () =>
      this.eventHandlers.set(
        subject,
        (this.eventHandlers.get(subject) ?? []).filter((h) => h !== handler),
      );
  }

  request(subject: string, data: unknown, respond: (packet: WritePacket) => void): void {
    const entry = this.requestHandlers.get(subject);
    if (!entry || entry.handlers.length === 0) {
      respond({ err: new NoRespondersError(subject), isDisposed: true });
      return;
    }
    const handler = entry.handlers[entry.next++ % entry.handlers.length]!;
    const copy = wireCopy(data);
    // Answer asynchronously, as a network hop would: a caller never sees its answer before `request` returns.
    queueMicrotask(() =>
      handler(copy, (packet) => respond({ ...packet, response: wireCopy(packet.response) })),
    );
  }

  async publish(subject: string, data: unknown): Promise<void> {
    const handlers = this.eventHandlers.get(subject) ?? [];
    await Promise.all(handlers.map((handler) => handler(wireCopy(data))));
  }
}
