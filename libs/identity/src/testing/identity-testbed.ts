import { type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import {
  BusClient,
  BusModule,
  type BusTransportOptions,
  createBusServer,
  InProcessBroker,
} from '@membolt/bus';
import { USER_DATA_SERVICES } from '@membolt/contracts';
import { TestClock } from '@membolt/platform';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdentityModule } from '../identity.module.js';
import type { IdentityModuleOptions, PasswordHashingOptions } from '../identity.options.js';
import { createStubServiceHandlers, StubServicesState } from './stub-services.js';

/** Cheap argon2id parameters for tests (the product's defaults take ~100 ms per hash). */
export const TEST_PASSWORD_HASHING: PasswordHashingOptions = {
  memoryCost: 1024,
  timeCost: 1,
  parallelism: 1,
};
/** Where the testbed's clock starts unless a test brings its own. */
export const TESTBED_START = new Date('2030-01-15T09:00:00.000Z');

export const TEST_ACCESS_TOKEN_SECRET = 'test-secret-test-secret-test-secret-0123';

export interface IdentityTestbed {
  readonly app: INestMicroservice;
  readonly bus: BusClient;
  readonly stubs: StubServicesState;
  readonly clock: TestClock;
  readonly dataDir: string;
  readonly mailDir: string;
  get<T>(token: Type<T> | symbol): T;
  close(): Promise<void>;
}

/**
 * Identity on the in-process bus with embedded stores in a temp dir, a fake clock, mail to an outbox
 * folder and stub keys/billing/memory/ingestion handlers. The outbox worker is effectively off (tests call
 * AccountSetupService.runDue) unless `outboxWorker` is overridden.
 */
export async function createIdentityTestbed(
  overrides: Partial<IdentityModuleOptions> = {},
): Promise<IdentityTestbed> {
  const dataDir = mkdtempSync(join(tmpdir(), 'membolt-identity-test-'));
  const mailDir = join(dataDir, 'mail-outbox');
  const clock = overrides.clock instanceof TestClock ? overrides.clock : new TestClock(TESTBED_START);
  const stubs = new StubServicesState();
  const broker = new InProcessBroker();
  const transport: BusTransportOptions = { transport: 'in-process', broker };

  @Module({
    imports: [
      BusModule.forRoot({ transport, timeoutMs: 10_000 }),
      IdentityModule.forRoot({
        store: { kind: 'embedded', dataDir },
        accessTokenSecret: TEST_ACCESS_TOKEN_SECRET,
        mail: { transport: 'outbox', directory: mailDir, from: 'Membolt <no-reply@membolt.test>' },
        passwordHashing: TEST_PASSWORD_HASHING,
        outboxWorker: { pollIntervalMs: 3_600_000 },
        ...overrides,
        clock,
      }),
    ],
    controllers: USER_DATA_SERVICES.flatMap((service) => createStubServiceHandlers(service, stubs)),
  })
  class IdentityTestbedModule {}

  const app = await NestFactory.createMicroservice(IdentityTestbedModule, {
    strategy: createBusServer(transport, 'identity'),
    logger: false,
  });
  await app.listen();
  return {
    app,
    bus: app.get(BusClient),
    stubs,
    clock,
    dataDir,
    mailDir,
    get: <T>(token: Type<T> | symbol) => app.get<T>(token),
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
