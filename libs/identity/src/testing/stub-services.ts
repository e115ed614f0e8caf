import { type INestMicroservice, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import {
  ActingUserId,
  BusController,
  BusPayload,
  type BusTransportOptions,
  createBusServer,
} from '@membolt/bus';
import {
  type ApiKeyListView,
  type ApiKeyView,
  CreateApiKeyRequest,
  type CreatedApiKeyView,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  InitSubscriptionRequest,
  KeysSubjects,
  ListApiKeysRequest,
  serviceUnavailable,
  SubscriptionSubjects,
  type SubscriptionView,
  type UserDataDeletionView,
  type UserDataService,
} from '@membolt/contracts';
import { randomUUID } from 'node:crypto';

/** What the stand-ins for keys, billing, memory and ingestion saw and hold, per user. */
export class StubServicesState {
  readonly keys = new Map<string, ApiKeyView[]>();
  readonly subscriptions = new Set<string>();
  readonly deletions: Array<{ service: UserDataService; userId: string }> = [];
  readonly calls: Array<{ subject: string; userId: string }> = [];
  /** Services that answer `service_unavailable` (in-process tests; over NATS, stop the stub instead). */
  readonly failing = new Set<UserDataService>();

  keysOf(userId: string): ApiKeyView[] {
    return this.keys.get(userId) ?? [];
  }

  callsTo(subject: string): string[] {
    return this.calls.filter((call) => call.subject === subject).map((call) => call.userId);
  }

  record(service: UserDataService, subject: string, userId: string): void {
    if (this.failing.has(service)) throw serviceUnavailable(service);
    this.calls.push({ subject, userId });
  }
}

function userDataHandlers(
  service: UserDataService,
  state: StubServicesState,
  removeFor: (userId: string) => Record<string, number>,
) {
  @BusController()
  class UserDataHandlers {
    @MessagePattern(deleteUserDataSubject(service).name)
    delete(
      @ActingUserId() userId: string,
      @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
    ): UserDataDeletionView {
      state.record(service, deleteUserDataSubject(service).name, userId);
      state.deletions.push({ service, userId });
      return { service, removed: removeFor(userId) };
    }
  }
  Object.defineProperty(UserDataHandlers, 'name', { value: `Stub${service}UserDataHandlers` });
  return UserDataHandlers;
}

/** Bus handlers standing in for one service: keys (create, list), billing (init), and every user-data delete. */
export function createStubServiceHandlers(
  service: UserDataService,
  state: StubServicesState,
): Type<unknown>[] {
  switch (service) {
    case 'keys': {
      @BusController()
      class StubKeysHandlers {
        @MessagePattern(KeysSubjects.create.name)
        create(
          @ActingUserId() userId: string,
          @BusPayload(CreateApiKeyRequest) request: CreateApiKeyRequest,
        ): CreatedApiKeyView {
          state.record('keys', KeysSubjects.create.name, userId);
          const apiKey: ApiKeyView = {
            id: randomUUID(),
            name: request.name,
            description: request.description ?? null,
            userId,
            graphId: request.graphId ?? null,
            displayPrefix: 'mblt_Stb',
            active: true,
            permissions: ['read', 'write'],
            createdAt: new Date().toISOString(),
            lastUsedAt: null,
            revokedAt: null,
            updatedAt: null,
          };
          state.keys.set(userId, [...state.keysOf(userId), apiKey]);
          return { apiKey, secret: `mblt_${'S'.repeat(32)}` };
        }

        @MessagePattern(KeysSubjects.list.name)
        list(
          @ActingUserId() userId: string,
          @BusPayload(ListApiKeysRequest) request: ListApiKeysRequest,
        ): ApiKeyListView {
          state.record('keys', KeysSubjects.list.name, userId);
          return { keys: state.keysOf(userId).filter((key) => key.active || !request.activeOnly) };
        }
      }
      const removeKeys = (userId: string) => {
        const removed = state.keysOf(userId).length;
        state.keys.delete(userId);
        return { apiKeys: removed };
      };
      return [StubKeysHandlers, userDataHandlers('keys', state, removeKeys)];
    }
    case 'billing': {
      @BusController()
      class StubBillingHandlers {
        @MessagePattern(SubscriptionSubjects.init.name)
        init(
          @ActingUserId() userId: string,
          @BusPayload(InitSubscriptionRequest) _request: InitSubscriptionRequest,
        ): SubscriptionView {
          state.record('billing', SubscriptionSubjects.init.name, userId);
          state.subscriptions.add(userId);
          const now = new Date().toISOString();
          return {
            userId,
            status: 'active',
            plan: 'free',
            balanceCents: 0,
            rateCents: 1,
            conversationsUsed: 0,
            conversationsLimit: 10,
            retentionDays: 7,
            usageResetAt: now,
            renewsAt: now,
            createdAt: now,
            updatedAt: now,
          };
        }
      }
      const removeSubscription = (userId: string) => ({
        subscriptions: state.subscriptions.delete(userId) ? 1 : 0,
      });
      return [StubBillingHandlers, userDataHandlers('billing', state, removeSubscription)];
    }
    case 'memory':
    case 'ingestion':
    case 'chat':
    case 'webhooks':
      return [userDataHandlers(service, state, () => ({ items: 0 }))];
  }
}

/** One stub service as its own microservice on the transport (queue group = service name), so it can be stopped. */
export async function startStubService(
  transport: BusTransportOptions,
  service: UserDataService,
  state: StubServicesState,
): Promise<INestMicroservice> {
  @Module({ controllers: createStubServiceHandlers(service, state) })
  class StubServiceModule {}
  const app = await NestFactory.createMicroservice(StubServiceModule, {
    strategy: createBusServer(transport, service, { shutdownGraceMs: 100 }),
    logger: false,
  });
  await app.listen();
  return app;
}
