import { MessagePattern } from '@nestjs/microservices';
import {
  type ApiKeyListView,
  type ApiKeyValidationView,
  type ApiKeyView,
  CreateApiKeyRequest,
  type CreatedApiKeyView,
  DeleteUserDataRequest,
  deleteUserDataSubject,
  KeysSubjects,
  ListApiKeysRequest,
  RevokeApiKeyRequest,
  UpdateApiKeyRequest,
  type UserDataDeletionView,
  ValidateApiKeyRequest,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { KeysService } from './keys.service.js';
import { toApiKeyValidationView, toApiKeyView } from './keys.views.js';

@BusController()
export class KeysHandlers {
  constructor(private readonly keys: KeysService) {}

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

  @MessagePattern(deleteUserDataSubject('keys').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    return { service: 'keys', removed: { apiKeys: await this.keys.deleteAllOfUser(userId) } };
  }
}
