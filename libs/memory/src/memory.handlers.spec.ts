import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@membolt/bus';
import { type BusTestApp, rejection, startInProcessServices } from '@membolt/bus/testing';
import { CommonErrorCode, deleteUserDataSubject, healthSubject } from '@membolt/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MemoryModule } from './memory.module.js';

describe('memory service over the bus', () => {
  let services: BusTestApp;
  let bus: BusClient;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'membolt-memory-'));
    services = await startInProcessServices([MemoryModule.forRoot({ store: { kind: 'embedded', dataDir } })]);
    bus = services.bus;
  });

  afterAll(async () => {
    await services?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers its health probe', async () => {
    expect(await bus.request(healthSubject('memory'), {})).toMatchObject({ name: 'memory', status: 'ok' });
  });

  it('answers honestly that it removed nothing (it holds no user data yet), every time', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await bus.request(deleteUserDataSubject('memory'), {}, { userId: 'user-a' })).toEqual({
        service: 'memory',
        removed: {},
      });
    }
  });

  it('needs an acting user and an empty payload for account deletion', async () => {
    expect((await rejection(bus.request(deleteUserDataSubject('memory'), {}))).code).toBe(
      CommonErrorCode.Unauthorized,
    );
    const extra = await rejection(
      bus.request(deleteUserDataSubject('memory'), { all: true } as never, { userId: 'user-a' }),
    );
    expect(extra).toMatchObject({ code: CommonErrorCode.ValidationError, message: 'all should not exist' });
  });
});
