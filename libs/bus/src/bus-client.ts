import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  BUS_STREAM_PREFIX,
  type BusEnvelope,
  type BusStreamMessage,
  type BusSubject,
  CommonError,
  CommonErrorCode,
  fromBusErrorPayload,
  INTERNAL_ERROR_MESSAGE,
  isBusErrorPayload,
  MemboltError,
  serviceUnavailable,
} from '@membolt/contracts';
import { correlationIdFrom, requestContext } from '@membolt/platform';
import { randomUUID } from 'node:crypto';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  BUS_CLIENT_OPTIONS,
  BUS_CLIENT_PROXY,
  type BusClientOptions,
  type BusClientProxy,
} from './bus.options.js';
import { NoRespondersError } from './in-process/in-process.broker.js';
import { InProcessClient } from './in-process/in-process.client.js';
import { BusUnreachableError } from './nats/fast-fail-nats.client.js';
import { BusStreams } from './stream/bus-streams.js';

export interface BusRequestOptions {
  readonly timeoutMs?: number;
  /** Acting user; defaults to the user of the current request context. */
  readonly userId?: string;
}

export interface BusStreamOptions {
  /** Acting user; defaults to the user of the current request context. */
  readonly userId?: string;
  /** Aborting stops the iteration and tells the handler to stop (its Observable is unsubscribed). */
  readonly signal?: AbortSignal;
  /**
   * Longest silence (no chunk, no heartbeat) before the stream fails with `service_unavailable`: the handler's
   * replica is gone. Default: three heartbeats.
   */
  readonly idleTimeoutMs?: number;
  /** How long the handler may take to accept the stream (default: the bus timeout). */
  readonly timeoutMs?: number;
}

/**
 * The one way edges and services call each other. Wraps every payload in an envelope carrying the
 * correlation id and acting user, bounds every request by a timeout, and turns every failure into a
 * MemboltError: the callee's own error, or `service_unavailable` when nobody answered in time.
 */
@Injectable()
export class BusClient implements OnApplicationShutdown {
  private readonly logger = new Logger(BusClient.name);

  constructor(
    @Inject(BUS_CLIENT_PROXY) private readonly proxy: BusClientProxy,
    @Inject(BUS_CLIENT_OPTIONS) private readonly options: BusClientOptions,
    private readonly streams: BusStreams,
  ) {}

  async request<Req, Res>(
    subject: BusSubject<Req, Res>,
    data: Req,
    options: BusRequestOptions = {},
  ): Promise<Res> {
    const envelope = this.envelope(data, options.userId);
    const budgetMs = options.timeoutMs ?? this.options.timeoutMs;
    if (!subject.idempotent) return this.attempt(subject, envelope, budgetMs);

    // A replica killed mid-request never answers, and NATS cannot tell the caller. An idempotent read gets
    // a shorter first deadline and then one more try, which NATS routes to a live replica of the group.
    const firstAttemptMs = firstAttemptDeadline(budgetMs, this.options.idempotentFirstAttemptMs);
    try {
      return await this.send(subject, envelope, firstAttemptMs);
    } catch (error) {
      if (!isTransportFailure(error)) throw this.translate(subject, error, envelope.meta.correlationId);
      this.logger.warn(
        `${subject.name} got no answer (${describe(error)}); retrying once (correlationId ${envelope.meta.correlationId})`,
      );
      if (error instanceof NoRespondersError) await delay(NO_RESPONDERS_PAUSE_MS);
      return this.attempt(subject, envelope, Math.max(budgetMs - firstAttemptMs, firstAttemptMs));
    }
  }

  /**
   * A streamed request: the handler (marked `@BusStream()`) answers with chunks, yielded here in order as
   * they arrive. Ends when the handler completes; throws its error (a MemboltError) when it fails, and
   * `service_unavailable` when nobody accepts the stream or the handler falls silent for `idleTimeoutMs`.
   * Breaking out of the loop or aborting `signal` ends the iteration and cancels the handler's work.
   * Never retried, whatever the subject: a stream may already have had effects.
   */
  async *stream<Req, Res>(
    subject: BusSubject<Req, Res>,
    data: Req,
    options: BusStreamOptions = {},
  ): AsyncGenerator<Res, void, undefined> {
    const replyTo = `${BUS_STREAM_PREFIX}${randomUUID()}`;
    const base = this.envelope(data, options.userId);
    const envelope: BusEnvelope<Req> = { meta: { ...base.meta, stream: { replyTo } }, data };
    const inbox = new StreamInbox();
    const stopListening = await this.streams.subscribe(replyTo, (message) =>
      inbox.push(message as BusStreamMessage),
    );
    const signal = options.signal;
    const onAbort = () => inbox.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    let ended = false;
    try {
      if (signal?.aborted) return;
      const accepted = this.attempt(
        subject as BusSubject<Req, unknown>,
        envelope,
        options.timeoutMs ?? this.options.timeoutMs,
      );
      // An abort while waiting for the acknowledgement leaves `accepted` to settle on its own.
      accepted.catch(() => undefined);
      await Promise.race([accepted, inbox.aborted]);
      if (signal?.aborted) return;
      const idleMs = options.idleTimeoutMs ?? this.streams.heartbeatMs * 3;
      for (;;) {
        const message = await inbox.next(idleMs);
        if (message === 'aborted') return;
        if (message === 'idle') {
          this.logger.warn(
            `${subject.name} stream fell silent for ${idleMs} ms; answering service_unavailable (correlationId ${envelope.meta.correlationId})`,
          );
          throw serviceUnavailable(subject.service, envelope.meta.correlationId);
        }
        switch (message.kind) {
          case 'chunk':
            yield message.data as Res;
            break;
          case 'ping':
            break;
          case 'end':
            ended = true;
            return;
          case 'error':
            ended = true;
            throw this.translate(subject, message.error, envelope.meta.correlationId);
        }
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
      stopListening();
      // The caller stopped early (break, abort, idle): tell the handler, so it stops paying for the work.
      if (!ended) void this.streams.publish(`${replyTo}.cancel`, {}).catch(() => undefined);
    }
  }

  /** Fire-and-forget fact for whoever listens (at-most-once; use a durable queue where loss matters). */
  async emit<Req>(
    subject: BusSubject<Req, void>,
    data: Req,
    options: Pick<BusRequestOptions, 'userId'> = {},
  ): Promise<void> {
    if (this.proxy instanceof InProcessClient) {
      await this.proxy.tell(subject.name, this.envelope(data, options.userId));
      return;
    }
    await firstValueFrom(this.proxy.emit(subject.name, this.envelope(data, options.userId)), {
      defaultValue: undefined,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }

  private async attempt<Req, Res>(
    subject: BusSubject<Req, Res>,
    envelope: BusEnvelope<Req>,
    timeoutMs: number,
  ): Promise<Res> {
    try {
      return await this.send(subject, envelope, timeoutMs);
    } catch (error) {
      throw this.translate(subject, error, envelope.meta.correlationId);
    }
  }

  private send<Req, Res>(
    subject: BusSubject<Req, Res>,
    envelope: BusEnvelope<Req>,
    timeoutMs: number,
  ): Promise<Res> {
    if (this.proxy instanceof InProcessClient) return this.proxy.ask<Res>(subject.name, envelope, timeoutMs);
    return firstValueFrom(
      this.proxy.send<Res, BusEnvelope<Req>>(subject.name, envelope).pipe(timeout({ first: timeoutMs })),
    );
  }

  private envelope<Req>(data: Req, userId: string | undefined): BusEnvelope<Req> {
    const context = requestContext.current();
    const actingUser = userId ?? context?.userId;
    // The key travels only with the user it belongs to, never onto a call made for another user.
    const apiKeyId = actingUser === context?.userId ? context?.apiKeyId : undefined;
    return {
      meta: {
        correlationId: correlationIdFrom(context?.correlationId),
        ...(actingUser ? { userId: actingUser } : {}),
        ...(apiKeyId ? { apiKeyId } : {}),
      },
      data,
    };
  }

  private translate(
    subject: BusSubject<unknown, unknown>,
    error: unknown,
    correlationId: string,
  ): MemboltError {
    if (error instanceof MemboltError) return error;
    if (isBusErrorPayload(error)) return fromBusErrorPayload(error);
    if (isTransportFailure(error)) {
      // The edge answers a generic 503; the cause is only here, logged under the request's id.
      this.logger.warn(
        `${subject.name} failed: ${describe(error)}; answering service_unavailable (correlationId ${correlationId})`,
      );
      return serviceUnavailable(subject.service, correlationId);
    }
    this.logger.error(
      `${subject.name} failed unexpectedly (correlationId ${correlationId}): ${error instanceof Error ? error.stack : String(error)}`,
    );
    return new CommonError(CommonErrorCode.InternalError, INTERNAL_ERROR_MESSAGE, correlationId);
  }
}

/** Messages of one stream, waited for one at a time with an idle deadline. */
class StreamInbox {
  private readonly queue: BusStreamMessage[] = [];
  private wake: (() => void) | null = null;
  private isAborted = false;
  private resolveAborted!: () => void;
  /** Settles when the caller aborts (used to stop waiting for the acknowledgement). */
  readonly aborted = new Promise<void>((resolve) => (this.resolveAborted = resolve));

  push(message: BusStreamMessage): void {
    this.queue.push(message);
    this.wake?.();
  }

  abort(): void {
    this.isAborted = true;
    this.resolveAborted();
    this.wake?.();
  }

  async next(idleMs: number): Promise<BusStreamMessage | 'idle' | 'aborted'> {
    if (this.isAborted) return 'aborted';
    const ready = this.queue.shift();
    if (ready) return ready;
    let timer: NodeJS.Timeout | undefined;
    const woken = await new Promise<boolean>((resolve) => {
      this.wake = () => resolve(true);
      timer = setTimeout(() => resolve(false), idleMs);
    });
    clearTimeout(timer);
    this.wake = null;
    if (this.isAborted) return 'aborted';
    return woken ? (this.queue.shift() ?? 'idle') : 'idle';
  }
}

/** Default share of the bus timeout an idempotent read waits before trying another replica. */
const FIRST_ATTEMPT_SHARE = 0.3;
/** A rolling restart leaves a moment with no subscriber; a short pause lets the next replica subscribe. */
const NO_RESPONDERS_PAUSE_MS = 200;

function firstAttemptDeadline(budgetMs: number, configuredMs: number | undefined): number {
  return Math.max(1, Math.min(configuredMs ?? Math.round(budgetMs * FIRST_ATTEMPT_SHARE), budgetMs));
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describe(error: unknown): string {
  if (error instanceof TimeoutError) return 'no answer within the deadline';
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Nobody answered, or the bus itself is unreachable: the callee may be fine, so this is not a bug. */
function isTransportFailure(error: unknown): boolean {
  return (
    error instanceof TimeoutError ||
    error instanceof NoRespondersError ||
    error instanceof BusUnreachableError ||
    isConnectionError(error)
  );
}

function isConnectionError(error: unknown): boolean {
  if (typeof error === 'string') return /connection/i.test(error);
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  return (
    [
      'CONNECTION_REFUSED',
      'ECONNREFUSED',
      'DISCONNECT',
      'CONNECTION_CLOSED',
      'CONNECTION_DRAINING',
      'TIMEOUT',
    ].includes(code) ||
    error.name === 'TimeoutError' ||
    /connection (closed|refused|lost)|disconnect|timeout/i.test(error.message)
  );
}
