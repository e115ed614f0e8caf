import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  type BusEnvelope,
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
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import {
  BUS_CLIENT_OPTIONS,
  BUS_CLIENT_PROXY,
  type BusClientOptions,
  type BusClientProxy,
} from './bus.options.js';
import { NoRespondersError } from './in-process/in-process.broker.js';
import { BusUnreachableError } from './nats/fast-fail-nats.client.js';

export interface BusRequestOptions {
  readonly timeoutMs?: number;
  /** Acting user; defaults to the user of the current request context. */
  readonly userId?: string;
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

  /** Fire-and-forget fact for whoever listens (at-most-once; use a durable queue where loss matters). */
  async emit<Req>(
    subject: BusSubject<Req, void>,
    data: Req,
    options: Pick<BusRequestOptions, 'userId'> = {},
  ): Promise<void> {
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
    return firstValueFrom(
      this.proxy.send<Res, BusEnvelope<Req>>(subject.name, envelope).pipe(timeout({ first: timeoutMs })),
    );
  }

  private envelope<Req>(data: Req, userId: string | undefined): BusEnvelope<Req> {
    const context = requestContext.current();
    const actingUser = userId ?? context?.userId;
    return {
      meta: {
        correlationId: correlationIdFrom(context?.correlationId),
        ...(actingUser ? { userId: actingUser } : {}),
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
