import {
  CommonError,
  CommonErrorCode,
  IdentityError,
  IdentityErrorCode,
  KeysError,
  KeysErrorCode,
  ProviderKeyMessages,
} from '@membolt/contracts';

/** Also what another user's key looks like: its existence is not revealed. */
export const apiKeyNotFound = (): KeysError =>
  new KeysError(KeysErrorCode.ApiKeyNotFound, 'API key not found.');

export const nothingToUpdate = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'Nothing to update: give a name or a description.');

export const apiKeyRevoked = (): CommonError =>
  new CommonError(CommonErrorCode.Conflict, 'This API key has been revoked and can no longer be changed.');

/** A key for an unknown or deleted user would authenticate as nobody the product knows. */
export const noActiveAccount = (userId: string): IdentityError =>
  new IdentityError(IdentityErrorCode.UserNotFound, `No active account has the id "${userId}".`);

export const apiKeyLimitReached = (maxActiveKeysPerUser: number): KeysError =>
  new KeysError(
    KeysErrorCode.ApiKeyLimitReached,
    `You have reached the limit of ${maxActiveKeysPerUser} active API keys. Revoke a key you no longer use to create a new one.`,
  );

/** Also what another user's provider key looks like: its existence is not revealed. */
export const providerKeyNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, ProviderKeyMessages.notFound);

export const blankProviderKey = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, ProviderKeyMessages.keyRequired);

export const malformedProviderKey = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, ProviderKeyMessages.keyMalformed);

export const baseUrlRequired = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, ProviderKeyMessages.baseUrlRequired);

export const baseUrlNotAccepted = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, ProviderKeyMessages.baseUrlNotAccepted);
