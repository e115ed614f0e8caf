import {
  ChatMessages,
  CommonError,
  CommonErrorCode,
  IngestionError,
  IngestionErrorCode,
  KeysError,
  KeysErrorCode,
  MEMORY_MESSAGES_METADATA_MAX_LENGTH,
  MEMORY_SCOPE_ID_MAX_LENGTH,
  MemoryMessages,
  UploadMessages,
} from '@membolt/contracts';

/** The only place the gateway builds its errors; the edge's filter turns them into `{error, message}` bodies. */
export const missingApiKey = (): KeysError =>
  new KeysError(KeysErrorCode.MissingApiKey, 'Missing X-API-Key header.');

/** On the routes that also take the key as a bearer token (the OpenAI-compatible API). */
export const missingApiKeyOrBearer = (): KeysError =>
  new KeysError(
    KeysErrorCode.MissingApiKey,
    'Missing API key: send it as Authorization: Bearer <key> or in the X-API-Key header.',
  );

export const invalidApiKey = (): KeysError => new KeysError(KeysErrorCode.InvalidApiKey, 'Invalid API key.');

export const revokedApiKey = (): KeysError =>
  new KeysError(KeysErrorCode.RevokedApiKey, 'This API key has been revoked.');

export const apiKeyOfAnotherUser = (): KeysError =>
  new KeysError(KeysErrorCode.ApiKeyForeignUser, 'This API key does not belong to this user.');

export const apiKeyNotTheHeaderKey = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'api_key must be the key sent in the X-API-Key header.');

export const rateLimited = (retryAfterSeconds: number): CommonError =>
  new CommonError(
    CommonErrorCode.RateLimited,
    `Too many requests. Please retry after ${retryAfterSeconds} seconds.`,
  );

export const docsNotEnabled = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'The API documentation is not enabled on this server.');

// The REST memory API (libs/gateway/src/memories, decision 022).

export const scopeConflict = (field: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `${field} differs between the query and the body.`);

export const limitAndTopK = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'limit and top_k differ: give one of them');

export const textAndMessages = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'Give either text or messages, not both.');

export const messagesMetadataTooLarge = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `metadata must be at most ${MEMORY_MESSAGES_METADATA_MAX_LENGTH} characters as JSON with messages`,
  );

export const asyncWithoutInference = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'async applies to learning from messages (infer true); with infer false the messages are stored at once.',
  );

export const invalidIdempotencyKey = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'The Idempotency-Key header must be 1 to 100 letters, digits, ".", "_", ":" or "-".',
  );

export const nothingToUpdate = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.nothingToUpdate);

export const importLineInvalid = (line: number, problem: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `line ${line}: ${problem}`);

export const importEmpty = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'The import holds no memories.');

export const importNotReadable = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'Send the memories as NDJSON (application/x-ndjson, one JSON object a line), or as JSON (application/json): ' +
      'an array, or an object with a results or memories array (a Mem0 export).',
  );

export const importTooLarge = (maxBytes: number): CommonError =>
  new CommonError(
    CommonErrorCode.PayloadTooLarge,
    `The import is larger than ${maxBytes} bytes; split it into several files.`,
  );

export const learningJobNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Learning job not found');

export const importNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Import not found');

export const importTooManyLines = (maxLines: number): CommonError =>
  new CommonError(
    CommonErrorCode.PayloadTooLarge,
    `The import has more than ${maxLines} lines; split it into several files.`,
  );

/** The memory service's own answer for an id it does not hold in the scope; used for ids no store can hold. */
export const memoryNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, MemoryMessages.memoryNotFound);

export const endUserIdTooLong = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `end_user_id must be a string of at most ${MEMORY_SCOPE_ID_MAX_LENGTH} characters`,
  );

export const conversationNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, ChatMessages.conversationNotFound);

// The Mem0-compatible API (libs/gateway/src/mem0, decision 099).

export const mem0FilterInvalid = (path: string, problem: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `${path}: ${problem}`);

export const mem0AppIdUnsupported = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'app_id is not supported: Membolt scopes are user_id (an end user), agent_id and run_id.',
  );

export const mem0ScopeRequired = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'Give at least one of user_id, agent_id or run_id: deleting every memory at once is not offered here.',
  );

export const mem0EntityTypeUnsupported = (type: string): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `Entities of type "${type.slice(0, 40)}" cannot be deleted here; user, agent and run can.`,
  );

export const mem0ExportNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Memory export not found');

export const mem0WebhookNothingToUpdate = (): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    'Nothing to update: give name, url, event_types or is_active.',
  );

export const mem0EventNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Event not found');

export const notAnIsoDate = (name: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, `${name} must be an ISO 8601 date`);

export const signedWebhookBodyRequired = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'A signed webhook body is required.');

export const apiKeyNotFound = (): KeysError =>
  new KeysError(KeysErrorCode.ApiKeyNotFound, 'API key not found.');

/** A privacy policy's actions that break its rules (`privacyActionsProblem` says which). */
export const privacyActionsInvalid = (problem: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, problem);

/** An imported memory's embedding of another length than the memory service's. */
export const embeddingDimensionMismatch = (dimension: number, length: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.embeddingDimension(dimension, length));

/** A portal link that is forged, expired or revoked (the link's own reason is the message). */
export const portalLinkRefused = (reason: string): CommonError =>
  new CommonError(CommonErrorCode.Unauthorized, reason);

export const uploadNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, UploadMessages.uploadNotFound);

export const uploadTooLarge = (maxBytes: number): CommonError =>
  new CommonError(CommonErrorCode.PayloadTooLarge, UploadMessages.tooLarge(maxBytes));

export const fileDataRequired = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, UploadMessages.fileDataRequired);

export const fileDataNotBase64 = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, UploadMessages.fileDataNotBase64);

export const fileSizeMismatch = (declared: number, actual: number): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, UploadMessages.fileSizeMismatch(declared, actual));

/** A synchronous upload whose file could not be read (the ingestion's reason, when it gave one). */
export const uploadNotProcessed = (reason: string | null | undefined): IngestionError =>
  new IngestionError(IngestionErrorCode.UnreadableFile, reason ?? 'The file could not be processed.');

/** A category name on an import line that is neither built in nor one of the account's. */
export const unknownCategory = (name: string): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, MemoryMessages.unknownCategory(name));
