import {
  CommonError,
  CommonErrorCode,
  MEMORY_METADATA_FILTER_MAX_FIELDS,
  MemoryMessages,
  PrivacyError,
  PrivacyErrorCode,
  type SensitiveKind,
  sensitiveDataRefusedMessage,
} from '@membolt/contracts';

/** Also what another account's or another end user's memory looks like: its existence is not revealed. */
export const memoryNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, MemoryMessages.memoryNotFound);

export const conceptNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Concept not found');

export const embeddingDimension = (expected: number, got: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.embeddingDimension(expected, got));

export const metadataTooLarge = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.metadataTooLarge);

export const metadataTooManyKeys = (maxKeys: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.metadataTooManyKeys(maxKeys));

export const metadataTooDeep = (maxDepth: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.metadataTooDeep(maxDepth));

export const importanceOutOfRange = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.importanceRange);

export const tooManyMetadataFilters = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `metadata filters may name at most ${MEMORY_METADATA_FILTER_MAX_FIELDS} fields`,
  );

export const badMetadataFilter = (key: string): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `metadata filter "${key.slice(0, 100)}" must be a field name (letters, digits, _ - .) with a string, number or boolean value`,
  );

export const nothingToUpdate = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.nothingToUpdate);

export const validityOrder = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'valid_to must be after valid_from');

export const invalidExportCursor = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'cursor is not a cursor this export returned');

export const duplicateImportIds = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'an import batch may not hold the same id twice');

/** '' is the account's own scope, not an end user: erasing it through the end-user call would be a surprise. */
export const endUserIdRequired = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'end_user_id is required');

export const scopeRequired = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'name the scope to delete: end_user_id, agent_id or run_id (at least one)',
  );

/** Also what another account's import looks like: its existence is not revealed. */
export const importNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Import not found');

export const importPartOutOfRange = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, "index must be below the import's parts");

/** The privacy policy refuses memories that hold these kinds of sensitive data. */
export const sensitiveDataRefused = (kinds: readonly SensitiveKind[]): PrivacyError =>
  new PrivacyError(PrivacyErrorCode.SensitiveDataRefused, sensitiveDataRefusedMessage(kinds));

/** A category name on a write or a filter that is neither built in nor one of the account's. */
export const unknownCategory = (name: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.unknownCategory(name));

/** Also what another account's category looks like: its existence is not revealed. */
export const categoryNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, MemoryMessages.categoryNotFound);

export const categoryExists = (name: string): CommonError =>
  new CommonError(CommonErrorCode.Conflict, MemoryMessages.categoryExists(name));

export const tooManyCategories = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.tooManyCategories);
