import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BusClient } from '@membolt/bus';
import { type BusTestApp, startInProcessServices } from '@membolt/bus/testing';
import { healthSubject } from '@membolt/contracts';
import { ChatModule } from './chat.module.js';

describe('chat service over the bus', () => {
  let services: BusTestApp;
  let bus: BusClient;

  beforeAll(async () => {
    services = await startInProcessServices([ChatModule.forRoot()]);
    bus = services.bus;
  });

  afterAll(async () => {
    await services?.close();
  });

  it('answers its health probe', async () => {
    expect(await bus.request(healthSubject('chat'), {})).toMatchObject({ name: 'chat', status: 'ok' });
  });
});
