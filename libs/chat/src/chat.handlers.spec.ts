import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@membolt/bus';
import { type BusTestApp, startInProcessServices } from '@membolt/bus/testing';
import { healthSubject } from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatModule } from './chat.module.js';

describe('chat service over the bus', () => {
  let services: BusTestApp;
  let bus: BusClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-chat-health-'));

  beforeAll(async () => {
    services = await startInProcessServices([
      ChatModule.forRoot({
        store: { kind: 'embedded', dataDir },
        jobs: {
          backend: { kind: 'embedded', dataDir },
          leaseMs: 5000,
          pollMs: 50,
          keepFinishedMs: 60_000,
          closeTimeoutMs: 1000,
        },
      }),
    ]);
    bus = services.bus;
  });

  afterAll(async () => {
    await services?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers its health probe', async () => {
    expect(await bus.request(healthSubject('chat'), {})).toMatchObject({ name: 'chat', status: 'ok' });
  });
});
