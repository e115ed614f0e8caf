import { ClientNats, ServerNats } from '@nestjs/microservices';
import type { BusClientProxy } from './bus.options.js';

interface NatsRoundTrip {
  rtt(): Promise<number>;
}

/**
 * Resolves when the bus client reaches NATS (a real round trip to the server); throws otherwise. The
 * in-process bus is always reachable. Connects first, so an edge started before NATS becomes ready as
 * soon as NATS is up, without waiting for its first request.
 */
export async function checkBusClientConnection(proxy: BusClientProxy): Promise<void> {
  if (!(proxy instanceof ClientNats)) return;
  await proxy.connect();
  await proxy.unwrap<NatsRoundTrip>().rtt();
}

/** The same for a service's NATS server connection (the one its requests arrive on). */
export async function checkBusServerConnection(server: unknown): Promise<void> {
  if (!(server instanceof ServerNats)) return;
  await server.unwrap<NatsRoundTrip>().rtt();
}
