import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BusTransportOptions } from '../bus.options.js';
import { createContractClient } from './contract-fixtures.js';
import { startNatsServer } from './nats-server.js';

export interface NatsTestbed {
  /** The NATS transport for the services under test (connection name `<name>`). */
  readonly transport: BusTransportOptions;
  /** A fresh temporary folder for the services' embedded stores. */
  readonly dataDir: string;
  /** A client on the same server, calling the services as an edge does. */
  readonly client: Awaited<ReturnType<typeof createContractClient>>;
  /** Closes the client and the server and removes the folder; close the services first. */
  close(): Promise<void>;
}

/** What a service's NATS integration test stands on: a private nats-server, a data folder and a client. */
export async function startNatsTestbed(name: string, clientTimeoutMs = 3000): Promise<NatsTestbed> {
  const nats = await startNatsServer();
  const dataDir = mkdtempSync(join(tmpdir(), `membolt-${name}-`));
  const transport: BusTransportOptions = { transport: 'nats', servers: nats.url, name };
  try {
    const client = await createContractClient(transport, clientTimeoutMs);
    return {
      transport,
      dataDir,
      client,
      close: async () => {
        await client.close();
        await nats.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await nats.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
