import type { ClientProxy } from '@nestjs/microservices';
import type { InProcessBroker } from './in-process/in-process.broker.js';

export type BusTransportOptions =
  | { readonly transport: 'in-process'; readonly broker: InProcessBroker }
  | { readonly transport: 'nats'; readonly servers: string; readonly name: string };

export interface BusClientOptions {
  readonly transport: BusTransportOptions;
  /** How long a request waits for an answer before failing with `service_unavailable`. */
  readonly timeoutMs: number;
  /**
   * How long an idempotent request waits on its first replica before it is sent once more (to another
   * replica). Default: 30 % of the request's timeout.
   */
  readonly idempotentFirstAttemptMs?: number;
  /** How often a streaming handler pings its caller while it works (default 5000 ms). */
  readonly streamHeartbeatMs?: number;
}

export const BUS_CLIENT_OPTIONS = Symbol('BUS_CLIENT_OPTIONS');
export const BUS_CLIENT_PROXY = Symbol('BUS_CLIENT_PROXY');

/** What the BusClient needs of a Nest client proxy (NATS or in-process). */
export type BusClientProxy = Pick<ClientProxy, 'send' | 'emit' | 'close'>;
