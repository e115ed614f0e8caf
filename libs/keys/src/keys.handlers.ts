import { MessagePattern } from '@nestjs/microservices';
import {
  type ApiKeyListView,
  type ApiKeyValidationView,
  type ApiKeyView,
  CreateApiKeyRequest,
  type CreatedApiKeyView,
  CreateProviderKeyRequest,
  DeleteProviderKeyRequest,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  KeysSubjects,
  ListApiKeysRequest,
  ListProviderKeysRequest,
  type ProviderKeyListView,
  type ProviderKeyView,
  type ResolvedProviderKeysView,
  ResolveProviderKeysRequest,
  RevokeApiKeyRequest,
  UpdateApiKeyRequest,
  type UserDataDeletionView,
  ValidateApiKeyRequest,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { KeysService } from './services/keys.service.js';
import { ProviderKeysService } from './services/provider-keys.service.js';
import {
  toApiKeyValidationView,
  toApiKeyView,
  toProviderKeyView,
  toResolvedProviderKey,
} from './keys.views.js';

@BusController()
export class KeysHandlers {
  constructor(
    private readonly keys: KeysService,
    private readonly providerKeys: ProviderKeysService,
  ) {}

  @MessagePattern(KeysSubjects.create.name)
  async create(
    @ActingUserId() userId: string,
    @BusPayload(CreateApiKeyRequest) request: CreateApiKeyRequest,
  ): Promise<CreatedApiKeyView> {
    const { key, secret } = await this.keys.create(userId, request);
    return { apiKey: toApiKeyView(key), secret };
  }

  @MessagePattern(KeysSubjects.list.name)
  async list(
    @ActingUserId() userId: string,
    @BusPayload(ListApiKeysRequest) request: ListApiKeysRequest,
  ): Promise<ApiKeyListView> {
    return { keys: (await this.keys.list(userId, request.activeOnly)).map(toApiKeyView) };
  }

  @MessagePattern(KeysSubjects.revoke.name)
  async revoke(
    @ActingUserId() userId: string,
    @BusPayload(RevokeApiKeyRequest) request: RevokeApiKeyRequest,
  ): Promise<ApiKeyView> {
    return toApiKeyView(await this.keys.revoke(userId, request.keyId));
  }

  @MessagePattern(KeysSubjects.update.name)
  async update(
    @ActingUserId() userId: string,
    @BusPayload(UpdateApiKeyRequest) request: UpdateApiKeyRequest,
  ): Promise<ApiKeyView> {
    return toApiKeyView(
      await this.keys.update(userId, request.keyId, { name: request.name, description: request.description }),
    );
  }

  /** Public: the presented key is the credential. */
  @MessagePattern(KeysSubjects.validate.name)
  async validate(
    @BusPayload(ValidateApiKeyRequest) request: ValidateApiKeyRequest,
  ): Promise<ApiKeyValidationView> {
    return toApiKeyValidationView(await this.keys.validate(request.key));
  }

  @MessagePattern(KeysSubjects.createProviderKey.name)
  async createProviderKey(
    @ActingUserId() userId: string,
    @BusPayload(CreateProviderKeyRequest) request: CreateProviderKeyRequest,
  ): Promise<ProviderKeyView> {
    return toProviderKeyView(await this.providerKeys.add(userId, request));
  }

  @MessagePattern(KeysSubjects.listProviderKeys.name)
  async listProviderKeys(
    @ActingUserId() userId: string,
    @BusPayload(ListProviderKeysRequest) _request: ListProviderKeysRequest,
  ): Promise<ProviderKeyListView> {
    return { providerKeys: (await this.providerKeys.list(userId)).map(toProviderKeyView) };
  }

  @MessagePattern(KeysSubjects.deleteProviderKey.name)
  async deleteProviderKey(
    @ActingUserId() userId: string,
    @BusPayload(DeleteProviderKeyRequest) request: DeleteProviderKeyRequest,
  ): Promise<ProviderKeyView> {
    return toProviderKeyView(await this.providerKeys.remove(userId, request.providerKeyId));
  }

  /** Internal: only the chat service calls it; no edge exposes this subject. */
  @MessagePattern(KeysSubjects.resolveProviderKeys.name)
  async resolveProviderKeys(
    @ActingUserId() userId: string,
    @BusPayload(ResolveProviderKeysRequest) _request: ResolveProviderKeysRequest,
  ): Promise<ResolvedProviderKeysView> {
    return { keys: (await this.providerKeys.open(userId)).map(toResolvedProviderKey) };
  }

  @MessagePattern(deleteUserDataSubject('keys').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    const apiKeys = await this.keys.deleteAllOfUser(userId);
    const providerKeys = await this.providerKeys.deleteAllOfUser(userId);
    return { service: 'keys', removed: { apiKeys, providerKeys } };
  }
}
