import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { Test, type TestingModule } from '@nestjs/testing';
import { BusModule, InProcessBroker } from '@membolt/bus';
import {
  CommonErrorCode,
  type DeletionReceiptView,
  IdentitySubjects,
  MemboltError,
  serviceUnavailable,
  USER_DATA_SERVICES,
} from '@membolt/contracts';
import type { EdgeReply } from '@membolt/edge';
import { BFF_OPTIONS } from '../bff.options.js';
import type { GraphqlHttpContext } from '../session/current-user.decorator.js';
import { RecentSignIn } from '../session/recent-sign-in.js';
import type { SessionUser } from '../session/session.guard.js';
import { AccountResolver } from './account.resolver.js';

/** The BFF's bus timeout: identity must start a deletion within half of it (1 s, ample in process). */
const BUS_TIMEOUT_MS = 2000;
const USER: SessionUser = { userId: 'user-1', sessionId: 'session-1', authTime: new Date() };

/**
 * Identity as the BFF sees it over the bus: a deletion marks the account inactive when it starts and may
 * answer after the caller's timeout; one that would start after `startBy` is refused and changes nothing.
 */
class FakeIdentity {
  active = true;
  /** How long a deletion request waits before it starts. */
  startDelayMs = 0;
  /** How long a started deletion takes before it answers. */
  workMs = 0;
  readonly done: Promise<void>[] = [];

  constructor(broker: InProcessBroker) {
    broker.handle(IdentitySubjects.deleteAccount.name, (data, respond) => {
      const { startBy } = (data as { data: { startBy?: string } }).data;
      this.done.push(
        (async () => {
          await sleep(this.startDelayMs);
          if (startBy && Date.now() > Date.parse(startBy)) {
            const error = serviceUnavailable('identity');
            respond({ err: { code: error.code, message: error.message }, isDisposed: true });
            return;
          }
          this.active = false;
          await sleep(this.workMs);
          const receipt: DeletionReceiptView = {
            userId: USER.userId,
            deletedAt: new Date().toISOString(),
            services: [],
            pending: [],
          };
          respond({ response: receipt, isDisposed: true });
        })(),
      );
    });
    broker.handle(IdentitySubjects.userStatus.name, (_data, respond) =>
      respond({ response: { active: this.active }, isDisposed: true }),
    );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('deleteAccount when identity answers late', () => {
  let moduleRef: TestingModule;
  let identity: FakeIdentity;
  let resolver: AccountResolver;
  let clearedCookies: string[];
  let http: GraphqlHttpContext;

  beforeEach(async () => {
    const broker = new InProcessBroker();
    identity = new FakeIdentity(broker);
    moduleRef = await Test.createTestingModule({
      imports: [
        BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: BUS_TIMEOUT_MS }),
      ],
      providers: [
        AccountResolver,
        { provide: BFF_OPTIONS, useValue: { publicUrl: 'http://127.0.0.1' } },
        { provide: RecentSignIn, useValue: { confirm: async () => undefined } },
      ],
    }).compile();
    await moduleRef.init();
    resolver = moduleRef.get(AccountResolver);
    clearedCookies = [];
    const res = { clearCookie: (name: string) => clearedCookies.push(name) } as unknown as EdgeReply;
    http = { req: {} as GraphqlHttpContext['req'], res };
  });

  afterEach(async () => {
    await Promise.all(identity.done);
    await moduleRef.close();
  });

  it('answers a deletion that started but outlived the wait as in progress, every service pending', async () => {
    identity.workMs = BUS_TIMEOUT_MS * 2;
    const receipt = await resolver.deleteAccount(USER, http, null);
    expect(identity.active).toBe(false);
    expect(receipt.userId).toBe(USER.userId);
    expect(receipt.services).toEqual([]);
    expect(receipt.pending).toEqual([...USER_DATA_SERVICES]);
    expect(clearedCookies.length).toBeGreaterThan(0);
  });

  it('answers service_unavailable for a deletion that did not start in time, and it never starts', async () => {
    identity.startDelayMs = BUS_TIMEOUT_MS * 2;
    const refused = await resolver.deleteAccount(USER, http, null).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(MemboltError);
    expect((refused as MemboltError).code).toBe(CommonErrorCode.ServiceUnavailable);
    expect(clearedCookies).toEqual([]);
    await Promise.all(identity.done);
    expect(identity.active).toBe(true);
  });
});
