/** Every bus message is wrapped: `meta` travels from the edge through every hop, `data` is the payload. */
export interface BusMeta {
  readonly correlationId: string;
  /** The authenticated user the call acts for; services scope every read and write by it. */
  readonly userId?: string;
  /** The API key the call came with at the edge (absent: a session or a service's own work). */
  readonly apiKeyId?: string;
  /** Only on a streamed request (`BusClient.stream`): where the handler sends its chunks. */
  readonly stream?: BusStreamMeta;
}

export interface BusStreamMeta {
  /** The subject the caller listens on; `<replyTo>.cancel` tells the handler to stop. */
  readonly replyTo: string;
}

/** What a streaming handler sends to `replyTo`, in order: chunks and pings, then `end` or `error`. */
export type BusStreamMessage =
  | { readonly kind: 'chunk'; readonly seq: number; readonly data: unknown }
  | { readonly kind: 'ping' }
  | { readonly kind: 'end' }
  | { readonly kind: 'error'; readonly error: unknown };

/** The prefix of every stream's reply subject. */
export const BUS_STREAM_PREFIX = '_STREAM.';

export interface BusEnvelope<T = unknown> {
  readonly meta: BusMeta;
  readonly data: T;
}

/**
 * A typed bus subject: its wire name, the service that answers it and (as phantom types) its request and
 * response payloads, so `bus.request(subject, data)` is checked end to end.
 */
export interface BusSubject<Req, Res> {
  readonly name: string;
  readonly service: string;
  /**
   * Safe to deliver twice (a read, or a write whose repeat changes nothing). The bus retries such a request
   * once on another replica when the first one vanishes; other requests are never retried blindly.
   */
  readonly idempotent: boolean;
  /** Phantom fields: never set at run time. */
  readonly __request?: Req;
  readonly __response?: Res;
}

export interface SubjectOptions {
  readonly idempotent?: boolean;
}

export function defineSubject<Req, Res>(
  service: string,
  name: string,
  options: SubjectOptions = {},
): BusSubject<Req, Res> {
  if (!name.startsWith(`${service}.`) || !/\.v\d+$/.test(name)) {
    throw new Error(`Bus subject "${name}" must be "<service>.<verb…>.v<N>" for service "${service}"`);
  }
  return { name, service, idempotent: options.idempotent ?? false };
}
