import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
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
    try {
      return await firstValueFrom(
        this.proxy
          .send<Res, BusEnvelope<Req>>(subject.name, envelope)
          .pipe(timeout({ first: options.timeoutMs ?? this.options.timeoutMs })),
      );
    } catch (error) {
      throw this.translate(subject, error, envelope.meta.correlationId);
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
    if (error instanceof TimeoutError || error instanceof NoRespondersError || isConnectionError(error)) {
      return serviceUnavailable(subject.service, correlationId);
    }
    return new CommonError(CommonErrorCode.InternalError, INTERNAL_ERROR_MESSAGE, correlationId);
  }
}

function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = String((error as { code?: unknown }).code ?? '');
  return (
    ['CONNECTION_REFUSED', 'ECONNREFUSED', 'DISCONNECT', 'CONNECTION_CLOSED', 'CONNECTION_DRAINING'].includes(
      code,
    ) || /connection (closed|refused)|disconnect/i.test(error.message)
  );
}
