import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { BusClient, BusModule, InProcessBroker } from '@membolt/bus';
import {
  type AccessRevocationListView,
  CommonErrorCode,
  IdentitySubjects,
  MemboltError,
} from '@membolt/contracts';
import { CLOCK, TestClock } from '@membolt/platform';
import { AccessRevocations } from './access-revocations.js';

const MINUTE = 60_000;

describe('AccessRevocations (one BFF replica)', () => {
  let broker: InProcessBroker;
  let moduleRef: TestingModule;
  let revocations: AccessRevocations;
  let clock: TestClock;
  const inFifteen = () => new Date(clock.nowMs() + 15 * MINUTE).toISOString();

  /** Identity's answer to `identity.sessions.revocations.v1`, served on the in-process bus. */
  const serveList = (view: AccessRevocationListView) =>
    broker.handle(IdentitySubjects.listAccessRevocations.name, (_data, respond) =>
      respond({ response: view, isDisposed: true }),
    );

  beforeEach(async () => {
    broker = new InProcessBroker();
    clock = new TestClock();
    moduleRef = await Test.createTestingModule({
      imports: [BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: 1000 })],
      providers: [AccessRevocations, { provide: CLOCK, useValue: clock }],
    }).compile();
    await moduleRef.init();
    revocations = moduleRef.get(AccessRevocations);
  });

  afterEach(async () => {
    await moduleRef.close();
  });

  it('refuses to decide (service_unavailable) until the revocations in force are loaded, then enforces them', async () => {
    const refused = await revocations.isRevoked('user-1', 'session-1').then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MemboltError);
    expect((refused as MemboltError).code).toBe(CommonErrorCode.ServiceUnavailable);

    serveList({
      revocations: [
        { kind: 'session', id: 'session-1', expiresAt: inFifteen() },
        { kind: 'user', id: 'deleted-user', expiresAt: inFifteen() },
      ],
    });
    expect(await revocations.isRevoked('user-1', 'session-1')).toBe(true);
    expect(await revocations.isRevoked('deleted-user', 'any-session')).toBe(true);
    expect(await revocations.isRevoked('user-1', 'session-2')).toBe(false);
  });

  it('applies a broadcast at once, and forgets each revocation once the tokens it covers have expired', async () => {
    serveList({ revocations: [] });
    await revocations.load();
    await moduleRef.get(BusClient).emit(IdentitySubjects.accessRevoked, {
      sessionIds: ['session-9'],
      userIds: ['user-9'],
      expiresAt: inFifteen(),
    });
    expect(await revocations.isRevoked('someone', 'session-9')).toBe(true);
    expect(await revocations.isRevoked('user-9', 'other')).toBe(true);
    clock.advance(15 * MINUTE);
    expect(await revocations.isRevoked('someone', 'session-9')).toBe(false);
    expect(await revocations.isRevoked('user-9', 'other')).toBe(false);
  });

  it('drops a broadcast that does not validate', async () => {
    serveList({ revocations: [] });
    await revocations.load();
    await moduleRef.get(BusClient).emit(IdentitySubjects.accessRevoked, {
      sessionIds: ['session-9'],
      userIds: [],
      expiresAt: 'tomorrow',
    });
    expect(await revocations.isRevoked('someone', 'session-9')).toBe(false);
  });
});
