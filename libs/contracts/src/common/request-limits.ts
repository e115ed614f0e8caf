// Upper bounds of free-form request fields. They exist so an oversized payload is refused at the door
// instead of reaching a store or a hash; none of them is a product rule the user sees.

/** Ids the server hands out (key ids, session ids, graph ids). */
export const ENTITY_ID_MAX_LENGTH = 100;
/** Refresh and password-reset tokens. */
export const OPAQUE_TOKEN_MAX_LENGTH = 256;
/** Absolute URLs the edge passes on (redirect and reset URLs). */
export const URL_MAX_LENGTH = 2048;
/** The provider's callback URL carries code, state and issuer in its query. */
export const CALLBACK_URL_MAX_LENGTH = 8192;
export const CLIENT_ADDRESS_MAX_LENGTH = 64;
export const USER_AGENT_MAX_LENGTH = 512;
/** A presented API key is checked against its pattern by keys; this only bounds what reaches it. */
export const API_KEY_CANDIDATE_MAX_LENGTH = 128;

/**
 * The largest page offset any list takes. Far past any real list, and an exact integer for every store
 * (SQLite refused 9223372036854775807, read as a float, with "datatype mismatch").
 */
export const PAGE_OFFSET_MAX = 1_000_000_000;
