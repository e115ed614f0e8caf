// Generated from the OpenAPI document (/api/openapi.json) by `npm run sdk:types` with openapi-typescript.
// Do not edit.

export interface paths {
  '/api/chat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * One exchange with the memory-enabled assistant.
     * @description Retrieves the memories that bear on the message, answers with the model (the key owner’s own provider key first, then the server’s; the offline assistant when neither is configured, which says back in plain sentences the memories that bear on the question and lists them), stores the exchange in a conversation and learns facts from it. With `end_user_id` (and `agent_id`, `run_id`) the memories read and the facts learnt are that end user’s, never the account’s own. Without `conversationId` a new conversation starts. With `Accept: text/event-stream` the answer streams: `start`, `token` events, then `done` with the whole answer (or `error` with `{error, message}`).
     */
    post: operations['ChatController_chat'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/generate_embedding': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** The embedding of a text, as the server's embedder computes it for memories. */
    post: operations['EmbeddingsController_generate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Checks the key and tells whose it is. */
    get: operations['AccountController_health'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/api/v1/orgs/organizations/{orgId}/projects/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 getProject: the account’s custom categories as custom_categories. */
    get: operations['Mem0ProjectController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Mem0 updateProject: custom_categories replaces the account’s custom categories.
     * @description Names the list leaves out are deleted (their memories become uncategorised), new ones added, changed descriptions updated. The whole list is checked before anything changes.
     */
    patch: operations['Mem0ProjectController_update'];
    trace?: never;
  };
  '/api/mem0/api/v1/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Mem0 updateWebhook: the name, URL, events (replaced) or is_active. */
    put: operations['Mem0WebhooksController_update'];
    post?: never;
    /** Mem0 deleteWebhook: removes the endpoint and stops its pending deliveries. */
    delete: operations['Mem0WebhooksController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/api/v1/webhooks/projects/{projectId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 getWebhooks: the account’s webhook endpoints, newest first. */
    get: operations['Mem0WebhooksController_list'];
    put?: never;
    /**
     * Mem0 createWebhook: an endpoint for Mem0’s events; answers its signing secret this once.
     * @description memory_add is Membolt’s memory.created, memory_update memory.updated, memory_delete memory.deleted (the `memory:add` spelling is read too). Without event_types the endpoint gets all three.
     */
    post: operations['Mem0WebhooksController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Mem0 batchUpdate: up to 1,000 texts, each on its own, one result per item. */
    put: operations['Mem0Controller_batchUpdate'];
    post?: never;
    /** Mem0 batchDelete: up to 1,000 memories, each on its own, one result per item. */
    delete: operations['Mem0Controller_batchDelete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/entities': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 users: the end users of the account that have memories, with counts. */
    get: operations['Mem0Controller_users'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/entities/{type}/{entityId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Mem0 deleteUser(s): a user erases that end user with everything derived; an agent or run deletes the memories of that agent or run in the account’s own scope. */
    delete: operations['Mem0Controller_deleteEntity[0]'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/event/{eventId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 event: the state of an async add (PENDING, RUNNING, SUCCEEDED, FAILED). */
    get: operations['Mem0Controller_event'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/exports': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mem0 createMemoryExport: an export of the scope the filters name; read it with exports/get.
     * @description The export is read when it is fetched (nothing is stored meanwhile), as a list of Mem0 memories; `schema` is recorded in the answer but does not reshape it (no model rewrites your memories).
     */
    post: operations['Mem0Controller_createExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/exports/get': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mem0 getMemoryExport: the memories of the export (or of the filters given). */
    post: operations['Mem0Controller_getExport'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/feedback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mem0 feedback: recorded in the memory’s metadata; it moves the memory’s importance.
     * @description POSITIVE +0.1, NEGATIVE −0.1, VERY_NEGATIVE −0.3 (within 0 to 1); null records no change.
     */
    post: operations['Mem0Controller_feedback'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/memories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mem0 add: learns the facts of messages into the user_id / agent_id / run_id scope.
     * @description Answers {results: [{id, event, memory, ...}]} with Mem0’s events (ADD, UPDATE, DELETE for a contradicted fact closed with valid_to, NONE for a known one). async_mode: true answers an event_id at once. With infer (the default) the add is metered as a chat call, as the native add with messages is.
     */
    post: operations['Mem0Controller_add[1]'];
    /** Mem0 deleteAll: every memory of the scope (user_id, agent_id and/or run_id; one is required). */
    delete: operations['Mem0Controller_deleteAll'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/memories/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 get: one memory of the key’s account, whichever end user holds it. */
    get: operations['Mem0Controller_get'];
    /** Mem0 update: the text and/or metadata; the previous version stays in history. */
    put: operations['Mem0Controller_update'];
    post?: never;
    /** Mem0 delete: the memory with everything derived; the receipt comes beside. */
    delete: operations['Mem0Controller_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/memories/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 history: each change of the memory, oldest first. */
    get: operations['Mem0Controller_history'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v1/ping': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Mem0 ping: answers ok for a valid key (401 otherwise). */
    get: operations['Mem0Controller_ping'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v2/entities/{type}/{entityId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Mem0 deleteUser(s): a user erases that end user with everything derived; an agent or run deletes the memories of that agent or run in the account’s own scope. */
    delete: operations['Mem0Controller_deleteEntity[1]'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v3/memories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mem0 getAll: the memories of the scope the filters name, a page at a time. */
    post: operations['Mem0Controller_getAll'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v3/memories/add': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mem0 add: learns the facts of messages into the user_id / agent_id / run_id scope.
     * @description Answers {results: [{id, event, memory, ...}]} with Mem0’s events (ADD, UPDATE, DELETE for a contradicted fact closed with valid_to, NONE for a known one). async_mode: true answers an event_id at once. With infer (the default) the add is metered as a chat call, as the native add with messages is.
     */
    post: operations['Mem0Controller_add[0]'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mem0/v3/memories/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mem0 search: hybrid search in the scope the filters name; top_k and threshold as Mem0. */
    post: operations['Mem0Controller_search'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The plan catalogue (prices in cents). No key needed. */
    get: operations['PlansController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/register_initial_user': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Confirms that the key (the X-API-Key header) belongs to the user. */
    post: operations['AccountController_register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Web search through the server’s search provider (Brave, Tavily or SearXNG). */
    post: operations['ChatController_search'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Version and health of every service. No key needed. */
    get: operations['StatusController_get'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/subscription': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The subscription check for the key's owner (valid, or the reason it is not). */
    get: operations['UsageController_subscription'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/upload_base64': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Uploads a file (PDF, DOCX, DOC, TXT, Markdown, JPG, PNG, GIF) whose text becomes memories.
     * @description The type is decided by the content. The text is extracted (OCR for images), chunked, stored as memories and summarised; the answer waits for that (up to GATEWAY_UPLOAD_WAIT_MS) and carries the summary and the summary memory's id. Longer, or with `async=true`, it is 202 with the upload id and a status URL. With `end_user_id` (and `agent_id`, `run_id`; body fields or query parameters) the memories and the facts the file teaches belong to that end user, never to the account's own; the upload is then found only in that scope.
     */
    post: operations['UploadsController_upload'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/uploads': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your uploads, newest first (name, type, size, pages, chunks, state, date).
     * @description Without `end_user_id` the account's own uploads; with it only that end user's (narrowed by `agent_id` and `run_id` when given).
     */
    get: operations['UploadsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/uploads/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** An upload's state: queued, extracting, chunking, embedding, summarising, done or failed. */
    get: operations['UploadsController_get'];
    put?: never;
    post?: never;
    /** Deletes an upload, every memory made from it (with its concepts) and the stored file. */
    delete: operations['UploadsController_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The key owner's usage by day and endpoint, with totals and cost (default: this month). */
    get: operations['UsageController_usage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's custom categories by name, and the built-in ones. */
    get: operations['MemoryCategoriesController_list'];
    put?: never;
    /** Adds a custom category: a lowercase slug name and a description. */
    post: operations['MemoryCategoriesController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/categories/{name}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changes a custom category’s description (its name is its identity). */
    put: operations['MemoryCategoriesController_update'];
    post?: never;
    /**
     * Removes a custom category; the memories carrying it become uncategorised.
     * @description Their history keeps the category they had. A second delete is not found.
     */
    delete: operations['MemoryCategoriesController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/conversations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Conversations, most recently active first.
     * @description Without `end_user_id` the account's own conversations; with it only that end user's (those POST /api/chat started with it), narrowed by `agent_id` and `run_id` when given.
     */
    get: operations['ConversationsController_list'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/conversations/{conversationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One conversation with its messages, oldest first. */
    get: operations['ConversationsController_get'];
    put?: never;
    post?: never;
    /** Deletes a conversation and its messages; the memories learnt from it stay. */
    delete: operations['ConversationsController_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/create': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Creates the user's memory graph if it does not exist yet, and returns it. */
    post: operations['UserDatabaseController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/end_users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The end users of the account's app that have memories, with their counts. */
    get: operations['MemoryQueriesController_endUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/end_users/{endUserId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Erases one end user: their memories and everything derived, their conversations, their uploads and files; answers one receipt with the counts per kind. */
    delete: operations['MemoryQueriesController_deleteEndUser'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/end_users/{endUserId}/portal': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mints a short-lived signed link to the portal where one end user sees, corrects, forgets and exports their memories.
     * @description The link opens only this end user’s memories, for `expires_in` seconds (default 900, at most 3600). It needs no key: hand it to the signed-in end user only. Nothing is stored; an end user with no memories yet sees an empty portal.
     */
    post: operations['PortalAdminController_mint'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/end_users/{endUserId}/portal/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What one end user did in the portal, newest first. */
    get: operations['PortalAdminController_endUserAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Lists memories, a page at a time (limit 10, offset 0 by default), with filters.
     * @description `embedding` is left out unless include_embedding=true.
     */
    get: operations['MemoriesController_list'];
    put?: never;
    /**
     * Stores a memory (`text`), or learns from a conversation (`messages`): the facts it states, reconciled with the scope’s memories.
     * @description With `text`: the memory as given; the server computes its embedding when none is given. `metadata` may be an object or a JSON string; it is returned as a JSON string. Answers 201 with the memory; when an open memory of the same scope already holds these words (case, spacing and punctuation aside), 200 with that memory and `deduplicated: true`, storing nothing (`dedupe: false` always stores).
     *
     *     With `messages` (a list of {role, content}, or one string) and `infer` (default true): the facts the user states are extracted (by the language model when one is reachable for the account, else by the offline rules) and reconciled with the open memories of the scope, by the rules the chat uses: a new fact is added (ADD), a known fact in new words updates it (UPDATE), a repeat changes nothing (NOOP), a contradicted fact is closed with valid_to (CLOSE) before the new one is added. With `infer: false` each user and assistant message is stored as it is. Answers the events in order: 201 when a memory was created, 200 otherwise. An add with `messages` and `infer` is metered as a chat call (POST /chat: the plan's check, the pay-per-use charge, the tokens processed; the answer carries X-Membolt-Tokens and X-Membolt-Cost-Cents); a `text` add and `infer: false` are not.
     *
     *     Scopes (`end_user_id`, `agent_id`, `run_id`) may be body fields or query parameters; learning reads and writes that scope only.
     */
    post: operations['MemoriesController_create'];
    /**
     * Deletes every memory of one scope (end_user_id, agent_id and/or run_id; at least one); a receipt.
     * @description With end_user_id alone, every memory of the end user (DELETE /end_users/{endUserId} also erases the end user's conversations and uploads); with agent_id or run_id, the memories recorded for them (of that end user, or of the account's own without one).
     */
    delete: operations['MemoriesController_deleteScope'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One memory. */
    get: operations['MemoriesController_get'];
    /**
     * Changes the fields given (text and/or metadata, importance, category, validity).
     * @description A text change re-embeds the memory; the previous version is kept in its history.
     */
    put: operations['MemoriesController_update'];
    post?: never;
    /**
     * Deletes a memory with its vector, keyword entry and derived items; answers a receipt.
     * @description The receipt says what the memory was learnt from (`source`: a chat message, a file chunk, a file). With `cascade=source` that chat message or chunk is deleted too (`source_deleted`).
     */
    delete: operations['MemoriesController_delete'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/{id}/history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The versions of a memory, oldest first; the last is the current state. */
    get: operations['MemoriesController_history'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/batch': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Changes up to 1,000 memories of the scope, each on its own; answers one result per item.
     * @description Each item names a memory and the fields to change (text, metadata, importance, category). A missing id or a refused change is reported for that item (not_found, invalid) and the others still happen.
     */
    put: operations['MemoryBulkController_updateMany'];
    /**
     * Stores up to 1,000 memories in one transaction: all of them or none.
     * @description Items already held in the same words by an open memory of the scope (or by an earlier item) are answered with that memory, marked `deduplicated: true`, and not stored (unless `dedupe: false`). 201 when a memory was stored, 200 when every item was already held.
     */
    post: operations['MemoriesController_createBatch'];
    /** Deletes up to 1,000 memories of the scope, each with its receipt; answers one result per item. */
    delete: operations['MemoryBulkController_deleteMany'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Streams every memory of the scope as NDJSON (one memory JSON a line, oldest first), or in Mem0’s format.
     * @description The file can be sent back to POST …/memories/import as it is. format=mem0: a JSON object {"results": [...]} of memories in Mem0’s shape, which Mem0 users and this server’s import both read.
     */
    get: operations['MemoriesController_export'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Imports an export file: NDJSON (application/x-ndjson) or a JSON array (application/json).
     * @description Every line is checked before anything is stored. Lines keep their own end_user_id, agent_id and run_id unless the query sets them. A line whose `id` was imported before is skipped, so importing twice changes nothing. Large files: use NDJSON (up to GATEWAY_IMPORT_MAX_BYTES, 32 MiB, and GATEWAY_IMPORT_MAX_LINES lines by default). More than GATEWAY_IMPORT_SYNC_LINES lines are checked, then stored by a durable job: the answer is 202 with a status URL.
     */
    post: operations['MemoriesController_import'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/import/{importId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The progress of a large import (one answered 202): state, percent, memories stored so far. */
    get: operations['MemoriesController_importStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/jobs/{jobId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A learning queued by an `async` add: its state and, once done, the events it produced. */
    get: operations['MemoryBulkController_job'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memories/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The search of GET /api/user/{userId}/search with a JSON body: query, filters, limit or top_k, threshold.
     * @description `filters` is a JSON object in Mem0's v2 syntax (see the `filters` query parameter of the search); the scope comes from the query or the body. Answers as GET search.
     */
    post: operations['MemoriesController_searchByBody'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/memory_stats': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts and averages of the memories of the scope, and the concept graph size. */
    get: operations['MemoryQueriesController_stats'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/portal_settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The portal’s name, logo and colour, and the origins that may embed it. */
    get: operations['PortalAdminController_settings'];
    /** Changes the portal’s name, logo, colour or embedding origins; fields left out keep their value. */
    put: operations['PortalAdminController_updateSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/portal/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** What every end user of the account did in the portal, newest first. */
    get: operations['PortalAdminController_accountAudit'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/privacy-policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's privacy policy per kind of sensitive data, its keys' overrides and redaction counts. */
    get: operations['PrivacyPolicyController_get'];
    /**
     * Changes the account's privacy policy, or with key_id one API key's overrides.
     * @description Each kind is allow (stored as said), redact (replaced by a typed placeholder such as [card number]) or refuse (the write is answered 400 sensitive_data_refused and nothing is stored).
     */
    put: operations['PrivacyPolicyController_update'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Hybrid search (meaning + keywords, weighed by importance and recency); limit 10 by default.
     * @description Each result is a memory with its `score` and the breakdown of why it ranked there (`scores`). `formatted_results` is a numbered text block, one line per memory with its text and date.
     */
    get: operations['MemoryQueriesController_search'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The user's webhook endpoints, newest first (never their secrets). */
    get: operations['WebhooksController_list'];
    put?: never;
    /** Adds an endpoint for the given events; answers its signing secret, shown this once. */
    post: operations['WebhooksController_create'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Changes an endpoint’s URL, events or description, or enables/disables it. */
    put: operations['WebhooksController_update'];
    post?: never;
    /** Removes an endpoint and stops its pending deliveries. */
    delete: operations['WebhooksController_remove'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/webhooks/{webhookId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The endpoint’s delivery log, newest first: state, attempts, last status and duration. */
    get: operations['WebhooksController_deliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/user/{userId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sends the delivery’s event again: same body and event id, a fresh signature, a new series of attempts. */
    post: operations['WebhooksController_redeliver'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/mcp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Not offered: the endpoint is stateless and opens no server-sent event stream (405). */
    get: operations['McpController_openStream'];
    put?: never;
    /**
     * The Model Context Protocol endpoint (streamable HTTP, stateless): memory tools and resources.
     * @description Send JSON-RPC messages as MCP clients do (initialize, tools/list, tools/call, resources/read...), with `Accept: application/json, text/event-stream`. Tools: add_memory, search_memories, list_memories, get_memory, update_memory, delete_memory, memory_stats; resources: membolt://memories/recent and membolt://end-users/{end_user_id}/memories/recent. Each tool validates, acts and answers as its REST route does, and is metered as it is. The key may also be sent as `Authorization: Bearer <key>`. Refusals of the request (bad key, rate limit) keep their REST status with a JSON-RPC error body whose `error.data` is `{error, message}`.
     */
    post: operations['McpController_handle'];
    /** Not offered: there is no session to end (405). */
    delete: operations['McpController_endSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/chat/completions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A chat completion with memory (OpenAI’s Chat Completions API).
     * @description The memories that bear on the last user message are retrieved (the end user’s with `user`, else the account’s own) and given to the model as data, the model answers (the account’s own provider key first, then the server’s; the offline assistant when neither), the exchange is stored as a conversation and the facts the user states are learnt afterwards into the same scope. With `stream: true` the answer streams as `chat.completion.chunk` server-sent events ending with `data: [DONE]`; a failure after the stream opened arrives as a last event `{"error": {...}}`. Headers: X-Membolt-Memories-Used, X-Membolt-Conversation-Id, X-Membolt-Responder (and the cost headers on a JSON answer).
     */
    post: operations['OpenAiController_completions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/models': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The server’s model catalogue, as OpenAI lists models.
     * @description Every catalogue model, `owned_by` its provider. Membolt adds `available`: whether the account reaches the provider (the server’s or its own key); a model that is not available is answered by the offline assistant.
     */
    get: operations['OpenAiController_models'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v1/models/{model}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One model of the catalogue. */
    get: operations['OpenAiController_model'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    AddMessagesBody: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /**
       * @description true (with infer): answer 202 at once with a job id; the learning runs as a durable job and its result, the same events a synchronous call answers, is read at GET …/memories/jobs/{job_id}. An `Idempotency-Key` header makes a repeated call answer the job already queued.
       * @default false
       */
      async: boolean;
      /**
       * @description With infer=false: a message whose words an open memory of the scope already holds (case, spacing and punctuation aside) is not stored again; its event is NOOP with that memory. false stores every message. With infer the reconciliation always skips known facts.
       * @default true
       */
      dedupe: boolean;
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      /**
       * Format: date-time
       * @description When every memory this call adds expires: after it they are hidden from every read and the retention sweep deletes them. Memories it only updates, closes or finds known keep their own expiration.
       * @example 2027-01-31
       */
      expiration_date?: string;
      /**
       * @description true: the facts the user states are extracted (by the language model when one is reachable for the account, else by the offline rules) and reconciled with the scope’s open memories: added, updated, skipped as known, or a contradicted fact closed with valid_to. false: each user and assistant message is stored as it is (system messages are not).
       * @default true
       */
      infer: boolean;
      /**
       * @description The conversation to learn from, oldest first: {role, content} objects (role user, assistant or system), or one string (a message of the user). At most 100 messages, 20000 characters each and 50000 in all.
       * @example [
       *       {
       *         "role": "user",
       *         "content": "Hi, I am Dana. I live in Paris and work at Acme."
       *       },
       *       {
       *         "role": "assistant",
       *         "content": "Nice to meet you, Dana!"
       *       }
       *     ]
       */
      messages:
        | {
            content: string;
            /** @enum {string} */
            role: 'user' | 'assistant' | 'system';
          }[]
        | string;
      /** @description A JSON object (or a string holding one) added to the metadata of every memory stored; at most 15360 characters as JSON (each memory adds its own fields). */
      metadata?:
        | {
            [key: string]: unknown;
          }
        | string;
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
    };
    ApiErrorResponse: {
      /** @description Only on 500 and 503: quote it when reporting the problem. */
      correlationId?: string;
      /**
       * @description A stable error code.
       * @example invalid_api_key
       */
      error: string;
      /** @example Invalid API key. */
      message: string;
    };
    BatchDeleteBody: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      memory_ids: string[];
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
    };
    BatchItemResponse: {
      /**
       * @description The error code, when not done.
       * @example not_found
       */
      error?: string;
      /** @description After an update: the memory as it is now. */
      memory?: components['schemas']['MemoryResponse'];
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      memory_id: string;
      /**
       * @description Why, when not done.
       * @example Memory not found
       */
      message?: string;
      /** @description After a delete: its receipt. */
      receipt?: components['schemas']['MemoryDeletionResponse'];
      /**
       * @description updated / deleted: done; not_found: no such memory in this scope (nothing changed); invalid: the change was refused (`message` says why; nothing changed).
       * @enum {string}
       */
      status: 'updated' | 'deleted' | 'not_found' | 'invalid';
    };
    BatchResponse: {
      /**
       * @description Items not done.
       * @example 0
       */
      failed: number;
      /** @description One result per item, in the order sent. */
      results: components['schemas']['BatchItemResponse'][];
      /**
       * @description Items done (updated or deleted).
       * @example 2
       */
      succeeded: number;
    };
    BatchUpdateBody: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      memories: components['schemas']['MemoryUpdateItem'][];
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
    };
    ChatBody: {
      /** @description Narrows the memories read to (and records on those learnt) one agent. */
      agent_id?: string;
      /** @description Continue this stored conversation (its messages are the history). */
      conversationId?: string;
      /**
       * @description One end user of your app: the turn reads that end user’s memories and learns the facts they state into them, never into the account’s own. Without it, the account’s own memories.
       * @example customer-42
       */
      end_user_id?: string;
      /** @description Earlier messages, oldest first, when no conversationId is given. */
      history?: {
        content?: string;
        /** @enum {unknown} */
        role?: 'user' | 'assistant' | 'system';
      }[];
      /** @example What do you remember about my travel plans? */
      message: string;
      /**
       * @description A model id of the catalogue (GET the chat models in the web app).
       * @example claude-3-7-sonnet
       */
      model?: string;
      /** @description Narrows the memories read to (and records on those learnt) one run. */
      run_id?: string;
      /** @description Must be the owner of the key when given. */
      userId?: string;
    };
    ChatCompletionBody: {
      /** @description Accepted and ignored. */
      frequency_penalty?: number;
      /** @description Accepted and ignored. */
      logit_bias?: {
        [key: string]: number;
      };
      /** @description Only false: log probabilities are not available. */
      logprobs?: boolean;
      /** @description Accepted and ignored: the model’s catalogue answer length applies. */
      max_completion_tokens?: number;
      /** @description Accepted and ignored: the model’s catalogue answer length applies. */
      max_tokens?: number;
      /** @description The conversation, oldest first; the last message must be the user’s (it is answered, and memories are retrieved for it). System and developer messages are added to the instructions. */
      messages: components['schemas']['OpenAiMessageBody'][];
      /** @description Accepted and ignored. */
      metadata?: {
        [key: string]: string;
      };
      /**
       * @description A model id of GET /v1/models (the server’s model catalogue).
       * @example claude-3-7-sonnet
       */
      model: string;
      /** @description Must be 1 (one choice is produced). */
      n?: number;
      /** @description Accepted and ignored. */
      parallel_tool_calls?: boolean;
      /** @description Accepted and ignored. */
      presence_penalty?: number;
      /** @description Accepted and ignored. */
      reasoning_effort?: string;
      /** @description Only `{"type": "text"}`: structured output is not supported. */
      response_format?: {
        /** @enum {string} */
        type?: 'text';
      };
      /** @description Accepted and ignored. */
      seed?: number;
      /** @description Accepted and ignored. */
      service_tier?: string;
      /** @description Accepted and ignored. */
      stop?: string | unknown[];
      /** @description Accepted and ignored (the exchange is always stored as a conversation). */
      store?: boolean;
      /** @description Stream the answer as `chat.completion.chunk` server-sent events. */
      stream?: boolean;
      stream_options?: components['schemas']['OpenAiStreamOptionsBody'];
      /** @description Accepted and ignored. */
      temperature?: number;
      /** @description Only "none" or "auto" (tool calls are not supported). */
      tool_choice?: string;
      /** @description Only an empty list: tool calls are not supported. */
      tools?: string[];
      /** @description Accepted and ignored. */
      top_p?: number;
      /**
       * @description One end user of your app (Membolt’s `end_user_id`): their memories are read and the facts they state are learnt into them, never into the account’s own. Without it, the account’s own memories.
       * @example customer-42
       */
      user?: string;
    };
    ChatCompletionSchema: {
      choices: components['schemas']['CompletionChoiceSchema'][];
      /** @description Unix seconds. */
      created: number;
      /** @example chatcmpl-5f0c… */
      id: string;
      /** @example gpt-4.1-mini */
      model: string;
      /** @enum {string} */
      object: 'chat.completion';
      usage: components['schemas']['CompletionUsageSchema'];
    };
    ChatMemoryResponse: {
      /** @description A built-in category (personal, work, preference, interest) or one of the account's own. */
      category: string | null;
      /** @example 2026-04-03T10:00:00.000Z */
      created_at: string;
      /** @example 6650f1c2a1b2c3d4e5f60718 */
      id: string;
      /** @example 7 */
      importance: number;
      /**
       * @description Relevance to the message, 0 to 1.
       * @example 0.82
       */
      score: number;
      /** @enum {string} */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example Lives in Lisbon. */
      text: string;
      /** @description Whether the answer was given with this memory in its context. */
      used: boolean;
    };
    ChatResponse: {
      /** @example 6650f1c2a1b2c3d4e5f60720 */
      conversation_id: string;
      /** @example Where I live */
      conversation_title: string;
      memories_retrieved: components['schemas']['ChatMemoryResponse'][];
      /**
       * @description How many memories the answer was given with.
       * @example 1
       */
      memories_used: number;
      /** @example gpt-4o-mini */
      model: string;
      /** @description Answered by the offline assistant: no language model is configured for the model. */
      offline: boolean;
      /**
       * @description The provider that answered, or "offline".
       * @example openai
       * @enum {string}
       */
      responder: 'anthropic' | 'openai' | 'gemini' | 'openai-compatible' | 'offline';
      /**
       * @description The answer.
       * @example You live in Lisbon.
       */
      text: string;
      usage: components['schemas']['ChatUsageResponse'];
    };
    ChatStartEvent: {
      /** @example 6650f1c2a1b2c3d4e5f60720 */
      conversation_id: string;
      /** @example Where I live */
      conversation_title: string;
      memories_retrieved: components['schemas']['ChatMemoryResponse'][];
      /** @example gpt-4o-mini */
      model: string;
      /** @enum {string} */
      responder: 'anthropic' | 'openai' | 'gemini' | 'openai-compatible' | 'offline';
    };
    ChatTokenEvent: {
      /** @example You live */
      text: string;
    };
    ChatUsageResponse: {
      /**
       * @description Estimated cost in millionths of a US dollar (0 for the offline assistant).
       * @example 1450
       */
      cost_micro_usd: number;
      /** @example 812 */
      input_tokens: number;
      /** @example 64 */
      output_tokens: number;
    };
    CompletionChoiceSchema: {
      /** @enum {string} */
      finish_reason: 'stop';
      /** @example 0 */
      index: number;
      /** @description Always null. */
      logprobs: {
        [key: string]: unknown;
      } | null;
      message: components['schemas']['CompletionMessageSchema'];
    };
    CompletionMessageSchema: {
      content: string;
      /** @description Always null. */
      refusal: string | null;
      /** @enum {string} */
      role: 'assistant';
    };
    CompletionUsageSchema: {
      completion_tokens: number;
      /** @description The provider’s count; 0 for the offline assistant. */
      prompt_tokens: number;
      total_tokens: number;
    };
    ConversationDeletionResponse: {
      conversation_id: string;
      /**
       * @description Always true: the memories extracted from the conversation are kept.
       * @enum {boolean}
       */
      memories_kept: true;
      /** @example Conversation deleted. */
      message: string;
      /** @example 4 */
      removed_messages: number;
    };
    ConversationListResponse: {
      /** @description Most recently active first. */
      conversations: components['schemas']['ConversationSummaryResponse'][];
      /**
       * @description Conversations on this page.
       * @example 1
       */
      count: number;
      /** @example 20 */
      limit: number;
      /** @example 0 */
      offset: number;
      /**
       * @description Conversations in all.
       * @example 1
       */
      total_count: number;
    };
    ConversationMessageMemoryResponse: {
      /** @description A built-in category (personal, work, preference, interest) or one of the account's own. */
      category: string | null;
      /** @example 6650f1c2a1b2c3d4e5f60718 */
      id: string;
      /** @example 7 */
      importance: number;
      /** @enum {string} */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example Lives in Lisbon. */
      text: string;
    };
    ConversationMessageResponse: {
      content: string;
      /** @example 2026-04-03T10:00:00.000Z */
      created_at: string;
      id: string;
      /** @description The memories the answer used. */
      memories: components['schemas']['ConversationMessageMemoryResponse'][];
      /** @description The model of an assistant message. */
      model: string | null;
      /** @enum {string} */
      role: 'user' | 'assistant' | 'system';
    };
    ConversationResponse: {
      agent_id: string | null;
      /** @example 2026-04-03T10:00:00.000Z */
      created_at: string;
      /** @description The end user it belongs to (null: the account's). */
      end_user_id: string | null;
      /** @example 6650f1c2a1b2c3d4e5f60720 */
      id: string;
      /**
       * @description The memories the conversation taught (open memories stored from it).
       * @example 2
       */
      memory_count: number;
      /** @example 4 */
      message_count: number;
      /** @description Oldest first. */
      messages: components['schemas']['ConversationMessageResponse'][];
      /** @example gpt-4o-mini */
      model: string | null;
      /** @description The newest message's text, cut to a preview. */
      preview: string;
      run_id: string | null;
      /** @example Where I live */
      title: string;
      /** @example 2026-04-03T10:05:00.000Z */
      updated_at: string;
    };
    ConversationSummaryResponse: {
      agent_id: string | null;
      /** @example 2026-04-03T10:00:00.000Z */
      created_at: string;
      /** @description The end user it belongs to (null: the account's). */
      end_user_id: string | null;
      /** @example 6650f1c2a1b2c3d4e5f60720 */
      id: string;
      /**
       * @description The memories the conversation taught (open memories stored from it).
       * @example 2
       */
      memory_count: number;
      /** @example 4 */
      message_count: number;
      /** @example gpt-4o-mini */
      model: string | null;
      /** @description The newest message's text, cut to a preview. */
      preview: string;
      run_id: string | null;
      /** @example Where I live */
      title: string;
      /** @example 2026-04-03T10:05:00.000Z */
      updated_at: string;
    };
    CreatedWebhookResponse: {
      /** @description Failed attempts since the last successful one. */
      consecutive_failures: number;
      /** Format: date-time */
      created_at: string;
      description: string | null;
      /** @example repeated delivery failures */
      disabled_reason: string | null;
      /** @description false once disabled after repeated failures (or by its owner). */
      enabled: boolean;
      /** @description memory.created, memory.updated, upload.completed… */
      events: (
        | 'memory.created'
        | 'memory.updated'
        | 'memory.deleted'
        | 'memory.closed'
        | 'upload.completed'
        | 'upload.failed'
        | 'subscription.changed'
      )[];
      id: string;
      /**
       * @description The signing secret, shown this once: Membolt-Signature is HMAC-SHA256 under it (see docs/rest-api.md, Webhooks).
       * @example whsec_…
       */
      secret: string;
      /** Format: date-time */
      updated_at: string;
      url: string;
    };
    CreateMemoryBatchBody: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /**
       * @description Per item: an item whose words an open memory of the scope, or an earlier item, already holds is answered with that memory (`deduplicated: true`) and not stored. false stores every item.
       * @default true
       */
      dedupe: boolean;
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      memories: components['schemas']['NewMemoryBody'][];
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
    };
    CreateMemoryBody: {
      agent_id?: string;
      /**
       * @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories).
       * @example personal
       */
      category?: string;
      conversation_id?: string;
      conversation_title?: string;
      /**
       * @description When an open memory of the same scope (end user, agent and run alike) already holds these words (case, spacing and punctuation aside), answer it (200, `deduplicated: true`) instead of storing a copy. false always stores.
       * @default true
       */
      dedupe: boolean;
      /** @description Exactly the configured dimension (1536 by default). Computed by the server when absent. */
      embedding?: number[];
      /** @example customer-42 */
      end_user_id?: string;
      /**
       * Format: date-time
       * @description After this time the memory is hidden from every read (get, list, search, chat, export) and the retention sweep deletes it.
       */
      expiration_date?: string;
      /**
       * @default 0.5
       * @example 0.8
       */
      importance: number;
      /**
       * @description A JSON object, or a string holding one. `importance` inside it is used when the top-level field is absent.
       * @example {
       *       "topic": "travel",
       *       "importance": 0.8
       *     }
       */
      metadata?:
        | {
            [key: string]: unknown;
          }
        | string;
      run_id?: string;
      /**
       * @default memory
       * @enum {string}
       */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example I moved to Lisbon in March 2025. */
      text: string;
      /**
       * Format: date-time
       * @description When the fact started to hold (default: now).
       */
      valid_from?: string;
      /**
       * Format: date-time
       * @description When the fact stopped holding.
       */
      valid_to?: string;
    };
    CreateMemoryCategoryBody: {
      /**
       * @description What the category holds, in words: the fact extractors read it to assign the category.
       * @example Trips, flights, hotels and places visited or planned
       */
      description: string;
      /**
       * @description A lowercase slug, unique in the account; not a built-in category (personal, work, preference, interest) nor none.
       * @example travel
       */
      name: string;
    };
    CreateWebhookBody: {
      description?: string;
      /**
       * @example [
       *       "memory.created"
       *     ]
       */
      events: (
        | 'memory.created'
        | 'memory.updated'
        | 'memory.deleted'
        | 'memory.closed'
        | 'upload.completed'
        | 'upload.failed'
        | 'subscription.changed'
      )[];
      /**
       * @description Where events are POSTed (http or https). Loopback, private, link-local and unique-local addresses are refused (also after DNS resolution, at each delivery) unless the operator sets WEBHOOKS_ALLOW_PRIVATE_TARGETS.
       * @example https://example.com/membolt-webhook
       */
      url: string;
    };
    DeveloperApiPricingResponse: {
      bringYourOwnKeys: boolean;
      centsPerMillionTokens: number;
    };
    EmbeddingResponse: {
      /** @example 1536 */
      dimension: number;
      /** @description The configured dimension (1536 by default). */
      embedding: number[];
      /**
       * @description The embedder that made it, e.g. `hashed-tfidf-v1` or `openai:text-embedding-3-small`.
       * @example hashed-tfidf-v1
       */
      model: string;
    };
    EndUserDeletionResponse: {
      /** @enum {boolean} */
      deleted: true;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      deleted_at: string;
      /**
       * @example [
       *       "6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73"
       *     ]
       */
      memory_ids: string[];
      /**
       * @description What was removed, by kind, in every service: memories (and vectors, keyword_entries, versions, concept_links, concepts, relations), uploads, files, conversations, messages.
       * @example {
       *       "memories": 14,
       *       "vectors": 12,
       *       "keyword_entries": 12,
       *       "versions": 3,
       *       "concept_links": 20,
       *       "concepts": 6,
       *       "relations": 2,
       *       "uploads": 1,
       *       "files": 0,
       *       "conversations": 2,
       *       "messages": 4
       *     }
       */
      removed: {
        [key: string]: number;
      };
    };
    EndUserListResponse: {
      /** @example 1 */
      count: number;
      end_users: components['schemas']['EndUserResponse'][];
      /** @example 10 */
      limit: number;
      /** @example 0 */
      offset: number;
      /**
       * @description End users in all pages.
       * @example 1
       */
      total_count: number;
    };
    EndUserResponse: {
      /** @example customer-42 */
      end_user_id: string;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      last_activity_at: string;
      /** @example 12 */
      memory_count: number;
    };
    GatewayHealthResponse: {
      /** @enum {string} */
      status: 'ok';
      /** @description The owner of the API key: the user id to use in /api/user/{userId}/… paths. */
      user_id: string;
    };
    ImportJobResponse: {
      /** @description Why it failed (status). */
      error?: string | null;
      /** @example imp_8f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f_60 */
      import_id: string;
      /**
       * @description Memories stored so far (status).
       * @example 4800
       */
      imported?: number;
      /**
       * @description Lines read (in the 202 answer).
       * @example 12000
       */
      lines?: number;
      /**
       * @description Parts stored, in percent.
       * @example 40
       */
      percent: number;
      /** @description Lines imported before, skipped (status). */
      skipped?: number;
      /** @enum {string} */
      status: 'queued' | 'running' | 'done' | 'failed';
      /** @description Where to follow it (in the 202 answer, also its Location). */
      status_url?: string;
    };
    KeyPrivacyOverrideResponse: {
      /** @description The kinds this key overrides. */
      actions: {
        /** @enum {string} */
        card_number?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        email?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        ethnicity?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        health?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        iban?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        national_id?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        password?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        phone?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        politics?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        religion?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        secret?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        sexual_orientation?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        street_address?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        trade_union?: 'allow' | 'redact' | 'refuse';
      };
      key_id: string;
    };
    LearnedEventResponse: {
      /**
       * @description ADD: a new memory; UPDATE: an open fact on the same subject and value, in new words; NOOP: already known in these words, nothing changed; CLOSE: a fact the messages contradict, closed (valid_to) and kept for the past.
       * @enum {string}
       */
      event: 'ADD' | 'UPDATE' | 'NOOP' | 'CLOSE';
      /**
       * @description The memory the event is about.
       * @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73
       */
      id: string;
      /** @description The whole memory after the event. */
      memory: components['schemas']['MemoryResponse'];
      /**
       * @description The text before an UPDATE; null for the other events.
       * @example null
       */
      previous_text: string | null;
      /**
       * @description The memory’s text after the event.
       * @example User lives in Vienna.
       */
      text: string;
    };
    LearnedMemoriesResponse: {
      /** @example 2 */
      count: number;
      /**
       * @description Who read the facts: the language model or the offline rules; null with infer=false.
       * @enum {string|null}
       */
      extracted_by: 'llm' | 'rules' | null;
      /** @description Each event in order. */
      results: components['schemas']['LearnedEventResponse'][];
    };
    LearningJobResponse: {
      /** @example 2026-11-27T10:00:00.000Z */
      created_at: string;
      /** @description Why the learning failed, once failed. */
      error: string | null;
      /** @example lrn_4f0c2d9a1b7e4e51a9c02d8f4b6e1a73 */
      job_id: string;
      /** @description Once done: what the synchronous call would have answered. */
      result: components['schemas']['LearnedMemoriesResponse'] | null;
      /**
       * @description queued (waiting, or waiting for a retry), running, done (`result` is set), failed (`error`).
       * @enum {string}
       */
      status: 'queued' | 'running' | 'done' | 'failed';
      /** @example /api/user/u1/memories/jobs/lrn_4f0c2d9a1b7e4e51a9c02d8f4b6e1a73 */
      status_url: string;
      /** @example 2026-11-27T10:00:01.000Z */
      updated_at: string;
    };
    Mem0AddBody: {
      /** @description An agent scope. */
      agent_id?: string;
      /** @description Not supported: Membolt has no app scope (400 when given). */
      app_id?: string;
      /**
       * @description true: answered at once with an event_id (status PENDING); the learning runs as a durable job, read at GET …/v1/event/{event_id}/. Mem0’s platform defaults to true; Membolt answers synchronously unless asked.
       * @default false
       */
      async_mode: boolean;
      /**
       * @description When the memories this add creates expire (a date or date-time): hidden from reads after it and deleted by the retention sweep; null or absent: never.
       * @example 2027-01-31
       */
      expiration_date?: string | null;
      /**
       * @description false stores the messages as they are.
       * @default true
       */
      infer: boolean;
      /**
       * @description The conversation: {role, content} objects (user, assistant, system), or one string.
       * @example [
       *       {
       *         "role": "user",
       *         "content": "I am a vegetarian and I live in Lisbon."
       *       }
       *     ]
       */
      messages:
        | string
        | {
            content: string;
            /** @enum {string} */
            role: 'user' | 'assistant' | 'system';
          }[];
      metadata?: {
        [key: string]: unknown;
      };
      /** @description A run (session) scope. */
      run_id?: string;
      /**
       * @description A Membolt end user of the key’s account (Membolt’s end_user_id).
       * @example alex
       */
      user_id?: string;
    };
    Mem0AddEventResponse: {
      agent_id: string | null;
      data: components['schemas']['Mem0EventDataResponse'];
      /** @enum {string} */
      event: 'ADD' | 'UPDATE' | 'DELETE' | 'NONE';
      /** @description When the memory expires (null: never). */
      expiration_date: string | null;
      id: string;
      /**
       * @description Membolt’s own event.
       * @enum {string}
       */
      membolt_event: 'ADD' | 'UPDATE' | 'NOOP' | 'CLOSE';
      memory: string;
      previous_memory?: string;
      run_id: string | null;
      user_id: string | null;
      valid_from: string;
      valid_to: string | null;
    };
    Mem0AddResponse: {
      /** @description What extracted the facts (a model, or the rule-based extractor). */
      extracted_by: string;
      results: components['schemas']['Mem0AddEventResponse'][];
    };
    Mem0BatchDeleteBody: {
      memories: components['schemas']['Mem0BatchDeleteItem'][];
    };
    Mem0BatchDeleteItem: {
      memory_id: string;
    };
    Mem0BatchResponse: {
      /**
       * @description Items not done.
       * @example 0
       */
      failed: number;
      /** @example Successfully updated 2 memories */
      message: string;
      /** @description One result per item, in the order sent. */
      results: components['schemas']['BatchItemResponse'][];
      /**
       * @description Items done (updated or deleted).
       * @example 2
       */
      succeeded: number;
    };
    Mem0BatchUpdateBody: {
      memories: components['schemas']['Mem0BatchUpdateItem'][];
    };
    Mem0BatchUpdateItem: {
      memory_id: string;
      text: string;
    };
    Mem0CreatedWebhookResponse: {
      created_at: string;
      /** @description Mem0’s names; events Mem0 has no name for keep Membolt’s (memory.closed, upload.*, …). */
      event_types: string[];
      /** @description False when paused, or disabled after repeated failed deliveries. */
      is_active: boolean;
      /** @description The endpoint’s description. */
      name: string;
      /** @description The project: the key’s account (the project_id of ping). */
      project: string;
      /** @description The signing secret (whsec_…), shown this once; deliveries are signed with it. */
      secret: string;
      updated_at: string;
      url: string;
      webhook_id: string;
    };
    Mem0CreateWebhookBody: {
      /** @description Mem0’s events (memory:add spelling too); absent: all three. */
      event_types?: ('memory_add' | 'memory_update' | 'memory_delete')[];
      /**
       * @description false creates the endpoint paused.
       * @default true
       */
      is_active: boolean;
      /** @description Kept as the endpoint’s description. */
      name?: string;
      /** @description Where events are POSTed (http or https); private and loopback addresses are refused unless the operator allows them (README, Webhooks). */
      url: string;
    };
    Mem0DeletionResponse: {
      /** @example Memory deleted successfully! */
      message: string;
      receipt: components['schemas']['MemoryDeletionResponse'];
    };
    Mem0EntitiesResponse: {
      count: number;
      /** @description Always null: the page is chosen with page and page_size. */
      next: string | null;
      page: number;
      page_size: number;
      /** @description Always null. */
      previous: string | null;
      results: components['schemas']['Mem0EntityResponse'][];
    };
    Mem0EntityResponse: {
      created_at: string;
      id: string;
      last_activity_at: string;
      name: string;
      /** @description Always null. */
      owner: string | null;
      total_memories: number;
      /** @enum {string} */
      type: 'user';
      updated_at: string;
    };
    Mem0EventDataResponse: {
      memory: string;
    };
    Mem0EventResponse: {
      created_at: string;
      error: string | null;
      /** @enum {string} */
      event_type: 'ADD';
      id: string;
      results: components['schemas']['Mem0AddEventResponse'][];
      /** @enum {string} */
      status: 'PENDING' | 'RUNNING' | 'SUCCEEDED' | 'FAILED';
      updated_at: string;
    };
    Mem0ExportBody: {
      /**
       * @description Mem0 filters, e.g. {"AND": [{"user_id": "alex"}, {"agent_id": "support"}]}. The scope keys user_id, agent_id and run_id choose the scope.
       * @example {
       *       "AND": [
       *         {
       *           "user_id": "alex"
       *         }
       *       ]
       *     }
       */
      filters: {
        [key: string]: unknown;
      };
      /** @description Recorded; not used to shape. */
      schema: {
        [key: string]: unknown;
      };
    };
    Mem0ExportCreatedResponse: {
      /** @description The memory_export_id to read it with. */
      id: string;
      message: string;
    };
    Mem0ExportResponse: {
      count: number;
      id: string | null;
      results: components['schemas']['Mem0MemoryResponse'][];
      /** @enum {string} */
      status: 'completed';
    };
    Mem0FeedbackBody: {
      /** @enum {string|null} */
      feedback?: 'POSITIVE' | 'NEGATIVE' | 'VERY_NEGATIVE' | null;
      feedback_reason?: string | null;
      memory_id: string;
    };
    Mem0FeedbackResponse: {
      /** @enum {string|null} */
      feedback: 'POSITIVE' | 'NEGATIVE' | 'VERY_NEGATIVE' | null;
      feedback_reason: string | null;
      importance: number;
      memory_id: string;
      /** @example Feedback recorded */
      message: string;
    };
    Mem0GetAllBody: {
      /**
       * @description Mem0 filters, e.g. {"AND": [{"user_id": "alex"}, {"agent_id": "support"}]}. The scope keys user_id, agent_id and run_id choose the scope.
       * @example {
       *       "AND": [
       *         {
       *           "user_id": "alex"
       *         }
       *       ]
       *     }
       */
      filters?: {
        [key: string]: unknown;
      };
    };
    Mem0GetExportBody: {
      /**
       * @description Mem0 filters, e.g. {"AND": [{"user_id": "alex"}, {"agent_id": "support"}]}. The scope keys user_id, agent_id and run_id choose the scope.
       * @example {
       *       "AND": [
       *         {
       *           "user_id": "alex"
       *         }
       *       ]
       *     }
       */
      filters?: {
        [key: string]: unknown;
      };
      /** @description The id createMemoryExport answered. */
      memory_export_id?: string;
    };
    Mem0HistoryEntryResponse: {
      categories: string[];
      created_at: string;
      /** @enum {string} */
      event: 'ADD' | 'UPDATE' | 'DELETE';
      /** @description {memory_id}:{version} */
      id: string;
      /** @description Always empty. */
      input: {
        [key: string]: unknown;
      }[];
      memory_id: string;
      metadata: {
        [key: string]: unknown;
      } | null;
      new_memory: string;
      old_memory: string | null;
      updated_at: string;
      user_id: string | null;
      valid_from: string;
      valid_to: string | null;
      version: number;
    };
    Mem0MemoryResponse: {
      agent_id: string | null;
      /** @description Always null (Membolt has no apps). */
      app_id: string | null;
      categories: string[];
      created_at: string;
      expiration_date: string | null;
      hash: string;
      /** @example 6650f1c2a1b2c3d4e5f60718 */
      id: string;
      /** @description Always false. */
      immutable: boolean;
      importance: number;
      /** @example Lives in Lisbon. */
      memory: string;
      metadata: {
        [key: string]: unknown;
      } | null;
      run_id: string | null;
      source: string;
      updated_at: string;
      user_id: string | null;
      valid_from: string;
      valid_to: string | null;
      version: number;
    };
    Mem0PageResponse: {
      /** @description Memories in all. */
      count: number;
      /** @description The URL of the next page. */
      next: string | null;
      previous: string | null;
      results: components['schemas']['Mem0MemoryResponse'][];
    };
    Mem0PingResponse: {
      /** @example API key is valid */
      message: string;
      /** @description The key’s account (Membolt has no organisations): the same as user_id. */
      org_id: string;
      /** @description The key’s account, the project of the webhook routes: the same as user_id. */
      project_id: string;
      /** @enum {string} */
      status: 'ok';
      user_id: string;
    };
    Mem0ProjectBody: {
      /**
       * @description The account’s custom categories, each {name: description}; replaces the current list.
       * @example [
       *       {
       *         "travel": "Trips, flights and hotels"
       *       }
       *     ]
       */
      custom_categories?: {
        [key: string]: string;
      }[];
    };
    Mem0ProjectResponse: {
      /**
       * @description The account’s custom categories, each {name: description}.
       * @example [
       *       {
       *         "travel": "Trips, flights and hotels"
       *       }
       *     ]
       */
      custom_categories: {
        [key: string]: string;
      }[];
    };
    Mem0QueuedResponse: {
      results: components['schemas']['Mem0QueuedResultResponse'][];
    };
    Mem0QueuedResultResponse: {
      /** @description Poll GET /api/mem0/v1/event/{event_id}. */
      event_id: string;
      message: string;
      /** @enum {string} */
      status: 'PENDING';
    };
    Mem0ScoresResponse: {
      final: number;
      fused: number;
    };
    Mem0SearchBody: {
      /**
       * @description Mem0 filters, e.g. {"AND": [{"user_id": "alex"}, {"agent_id": "support"}]}. The scope keys user_id, agent_id and run_id choose the scope.
       * @example {
       *       "AND": [
       *         {
       *           "user_id": "alex"
       *         }
       *       ]
       *     }
       */
      filters?: {
        [key: string]: unknown;
      };
      /** @example What does Alex eat? */
      query: string;
      /** @description The least query match (Membolt’s scores.fused, decision 093) a result must have. */
      threshold?: number;
      /** @default 10 */
      top_k: number;
    };
    Mem0SearchResponse: {
      results: components['schemas']['Mem0SearchResultResponse'][];
    };
    Mem0SearchResultResponse: {
      agent_id: string | null;
      /** @description Always null (Membolt has no apps). */
      app_id: string | null;
      categories: string[];
      created_at: string;
      expiration_date: string | null;
      hash: string;
      /** @example 6650f1c2a1b2c3d4e5f60718 */
      id: string;
      /** @description Always false. */
      immutable: boolean;
      importance: number;
      /** @example Lives in Lisbon. */
      memory: string;
      metadata: {
        [key: string]: unknown;
      } | null;
      run_id: string | null;
      score: number;
      scores: components['schemas']['Mem0ScoresResponse'];
      source: string;
      updated_at: string;
      user_id: string | null;
      valid_from: string;
      valid_to: string | null;
      version: number;
    };
    Mem0UpdateBody: {
      /**
       * @description After it the memory is hidden from reads and deleted by the retention sweep; null: never.
       * @example 2027-01-31
       */
      expiration_date?: string | null;
      /** @description Replaces the metadata. */
      metadata?: {
        [key: string]: unknown;
      };
      /** @example Alex lives in Porto. */
      text?: string;
    };
    Mem0UpdatedMemoryResponse: {
      agent_id: string | null;
      /** @description Always null (Membolt has no apps). */
      app_id: string | null;
      categories: string[];
      created_at: string;
      expiration_date: string | null;
      hash: string;
      /** @example 6650f1c2a1b2c3d4e5f60718 */
      id: string;
      /** @description Always false. */
      immutable: boolean;
      importance: number;
      /** @example Lives in Lisbon. */
      memory: string;
      /** @example Memory updated successfully! */
      message: string;
      metadata: {
        [key: string]: unknown;
      } | null;
      run_id: string | null;
      source: string;
      updated_at: string;
      user_id: string | null;
      valid_from: string;
      valid_to: string | null;
      version: number;
    };
    Mem0UpdateWebhookBody: {
      /** @description Replaces the events. */
      event_types?: ('memory_add' | 'memory_update' | 'memory_delete')[];
      /** @description true enables the endpoint again; false pauses it. */
      is_active?: boolean;
      name?: string;
      /** @description Where events are POSTed (http or https); private and loopback addresses are refused unless the operator allows them (README, Webhooks). */
      url?: string;
    };
    Mem0WebhookChangedResponse: {
      created_at: string;
      /** @description Mem0’s names; events Mem0 has no name for keep Membolt’s (memory.closed, upload.*, …). */
      event_types: string[];
      /** @description False when paused, or disabled after repeated failed deliveries. */
      is_active: boolean;
      /** @example Webhook updated successfully */
      message: string;
      /** @description The endpoint’s description. */
      name: string;
      /** @description The project: the key’s account (the project_id of ping). */
      project: string;
      updated_at: string;
      url: string;
      webhook_id: string;
    };
    Mem0WebhookResponse: {
      created_at: string;
      /** @description Mem0’s names; events Mem0 has no name for keep Membolt’s (memory.closed, upload.*, …). */
      event_types: string[];
      /** @description False when paused, or disabled after repeated failed deliveries. */
      is_active: boolean;
      /** @description The endpoint’s description. */
      name: string;
      /** @description The project: the key’s account (the project_id of ping). */
      project: string;
      updated_at: string;
      url: string;
      webhook_id: string;
    };
    MemoryBatchResponse: {
      /** @example 2 */
      count: number;
      /** @description One per item, in the items’ order. */
      memories: components['schemas']['StoredMemoryResponse'][];
    };
    MemoryCategoryDeletionResponse: {
      /** @description Memories that carried the category: they are uncategorised now. */
      memories_uncategorised: number;
      /** @example travel */
      name: string;
    };
    MemoryCategoryListResponse: {
      /**
       * @description The built-in categories every account has, beside its own.
       * @example [
       *       "personal",
       *       "work",
       *       "preference",
       *       "interest"
       *     ]
       */
      built_in: string[];
      /** @description The account's custom categories by name (at most 50). */
      categories: components['schemas']['MemoryCategoryResponse'][];
    };
    MemoryCategoryResponse: {
      /** Format: date-time */
      created_at: string;
      /**
       * @description What the category holds, in words: the fact extractors read it to assign the category.
       * @example Trips, flights, hotels and places visited or planned
       */
      description: string;
      /**
       * @description A lowercase slug, unique in the account; not a built-in category (personal, work, preference, interest) nor none.
       * @example travel
       */
      name: string;
      /** Format: date-time */
      updated_at: string;
    };
    MemoryDeletionResponse: {
      /** @enum {boolean} */
      deleted: true;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      deleted_at: string;
      /**
       * @example [
       *       "6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73"
       *     ]
       */
      memory_ids: string[];
      /**
       * @description What was removed, by kind.
       * @example {
       *       "memories": 1,
       *       "vectors": 1,
       *       "keyword_entries": 1,
       *       "versions": 0,
       *       "concept_links": 2
       *     }
       */
      removed: {
        [key: string]: number;
      };
    };
    MemoryErasureResponse: {
      /** @enum {boolean} */
      deleted: true;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      deleted_at: string;
      /**
       * @example [
       *       "6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73"
       *     ]
       */
      memory_ids: string[];
      /**
       * @description What was removed, by kind.
       * @example {
       *       "memories": 1,
       *       "vectors": 1,
       *       "keyword_entries": 1,
       *       "versions": 0,
       *       "concept_links": 2
       *     }
       */
      removed: {
        [key: string]: number;
      };
      /** @description What the memory was learnt from; null for a memory written directly. */
      source: components['schemas']['MemorySourceResponse'] | null;
      /** @description With cascade=source: what happened to the source. */
      source_deleted?: components['schemas']['SourceDeletionResponse'];
    };
    MemoryHistoryResponse: {
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      memory_id: string;
      /** @description Oldest first; the last is the current state. */
      versions: components['schemas']['MemoryVersionResponse'][];
    };
    MemoryImportResponse: {
      /**
       * @description Memories stored by this call.
       * @example 120
       */
      imported: number;
      /**
       * @description Lines read.
       * @example 120
       */
      lines: number;
      /** @description Lines already imported before (skipped: importing twice changes nothing). */
      skipped: number;
    };
    MemoryListResponse: {
      /**
       * @description Memories in this page.
       * @example 1
       */
      count: number;
      /** @example 10 */
      limit: number;
      memories: components['schemas']['MemoryResponse'][];
      /** @example 0 */
      offset: number;
      /**
       * @description Memories matching the filters in all pages.
       * @example 1
       */
      total_count: number;
    };
    MemoryResponse: {
      agent_id: string | null;
      /** @description A built-in or custom category; null: none. */
      category: string | null;
      conversation_id: string | null;
      conversation_title: string | null;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      created_at: string;
      /** @description Only with include_embedding=true. */
      embedding?: number[];
      /** @example customer-42 */
      end_user_id: string | null;
      /**
       * Format: date-time
       * @description When the memory expires (hidden, then deleted); null: never.
       */
      expiration_date: string | null;
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      id: string;
      /**
       * @description From 0 to 1 (default 0.5); weighs in search ranking.
       * @example 0.8
       */
      importance: number;
      /**
       * @description A JSON string (importance, category and source are folded in).
       * @example {"topic":"travel","importance":0.8,"category":"personal","source":"api"}
       */
      metadata: string;
      /**
       * @description The kinds of sensitive data the privacy policy replaced by placeholders (such as [card number]) when this text was written; empty: none.
       * @example [
       *       "card_number"
       *     ]
       */
      redactions: (
        | 'card_number'
        | 'iban'
        | 'national_id'
        | 'email'
        | 'phone'
        | 'street_address'
        | 'secret'
        | 'password'
        | 'health'
        | 'religion'
        | 'politics'
        | 'sexual_orientation'
        | 'ethnicity'
        | 'trade_union'
      )[];
      run_id: string | null;
      /**
       * @example api
       * @enum {string}
       */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example I moved to Lisbon in March 2025. */
      text: string;
      /**
       * Format: date-time
       * @description The same as created_at.
       * @example 2026-11-23T08:15:00.000Z
       */
      timestamp: string;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @description When the fact started to hold.
       * @example 2026-11-23T08:15:00.000Z
       */
      valid_from: string;
      /**
       * Format: date-time
       * @description When the fact stopped holding (null: it still does).
       */
      valid_to: string | null;
      /**
       * @description 1 at creation, +1 on every update.
       * @example 1
       */
      version: number;
    };
    MemorySourceResponse: {
      /** @example 3 */
      chunk_index?: number;
      /** @example conv_0b7d… */
      conversation_id?: string;
      /** @example cv.pdf */
      file_name?: string | null;
      /**
       * @description A chat message, a chunk of an uploaded file, or the file as a whole (its summary).
       * @enum {string}
       */
      kind: 'message' | 'chunk' | 'file';
      /** @example msg_4c1e… */
      message_id?: string;
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      upload_id?: string;
    };
    MemoryStatsResponse: {
      /** @example 0.56 */
      avg_importance: number;
      /**
       * @description Facts closed since they were stored (valid_to passed), counted apart from memory_count.
       * @example 3
       */
      closed_count: number;
      /** @example 17 */
      concept_count: number;
      /**
       * @description Open memories of the scope: the same count as the total_count of an unfiltered list.
       * @example 42
       */
      memory_count: number;
      /**
       * Format: date-time
       * @description Now when there are no memories.
       * @example 2026-11-23T08:15:00.000Z
       */
      oldest_timestamp: string;
      /** @example 23 */
      relation_count: number;
    };
    MemoryUpdateItem: {
      /** @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories). */
      category?: string;
      importance?: number;
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      memory_id: string;
      /** @description Replaces the metadata. */
      metadata?: {
        [key: string]: unknown;
      };
      /** @example I moved to Porto in June 2026. */
      text?: string;
    };
    MemoryVersionResponse: {
      category: string | null;
      /** @enum {string} */
      event: 'created' | 'updated' | 'closed';
      /** @example 0.5 */
      importance: number;
      /**
       * @description A JSON string.
       * @example {"importance":0.5}
       */
      metadata: string;
      /** Format: date-time */
      recorded_at: string;
      text: string;
      /** Format: date-time */
      valid_from: string;
      /** Format: date-time */
      valid_to: string | null;
      /** @example 1 */
      version: number;
    };
    MintPortalLinkBody: {
      /**
       * @description How long the link opens the portal, in seconds.
       * @default 900
       */
      expires_in: number;
    };
    NewMemoryBody: {
      /**
       * @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories).
       * @example personal
       */
      category?: string;
      conversation_id?: string;
      conversation_title?: string;
      /** @description Exactly the configured dimension (1536 by default). Computed by the server when absent. */
      embedding?: number[];
      /**
       * Format: date-time
       * @description After this time the memory is hidden from every read (get, list, search, chat, export) and the retention sweep deletes it.
       */
      expiration_date?: string;
      /**
       * @default 0.5
       * @example 0.8
       */
      importance: number;
      /**
       * @description A JSON object, or a string holding one. `importance` inside it is used when the top-level field is absent.
       * @example {
       *       "topic": "travel",
       *       "importance": 0.8
       *     }
       */
      metadata?:
        | {
            [key: string]: unknown;
          }
        | string;
      /**
       * @default memory
       * @enum {string}
       */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example I moved to Lisbon in March 2025. */
      text: string;
      /**
       * Format: date-time
       * @description When the fact started to hold (default: now).
       */
      valid_from?: string;
      /**
       * Format: date-time
       * @description When the fact stopped holding.
       */
      valid_to?: string;
    };
    Object: Record<string, never>;
    OpenAiErrorDetail: {
      /** @description Membolt’s error code (invalid_api_key, rate_limited…), a 402’s reason, or model_not_found. */
      code: string | null;
      message: string;
      /** @description The request field at fault, when known. */
      param: string | null;
      /** @enum {string} */
      type:
        | 'invalid_request_error'
        | 'authentication_error'
        | 'permission_error'
        | 'rate_limit_error'
        | 'insufficient_quota'
        | 'server_error';
    };
    OpenAiErrorResponse: {
      error: components['schemas']['OpenAiErrorDetail'];
    };
    OpenAiMessageBody: {
      /**
       * @description A string, or an array of text parts `{"type": "text", "text": "…"}`.
       * @example Where do I live?
       */
      content:
        | string
        | {
            text?: string;
            /** @enum {string} */
            type?: 'text';
          }[];
      /** @description Accepted and ignored. */
      name?: string;
      /**
       * @description Tool messages are not supported.
       * @enum {string}
       */
      role: 'system' | 'developer' | 'user' | 'assistant';
    };
    OpenAiModelListSchema: {
      data: components['schemas']['OpenAiModelSchema'][];
      /** @enum {string} */
      object: 'list';
    };
    OpenAiModelSchema: {
      /** @description Membolt: the account reaches the provider (else the offline assistant answers). */
      available: boolean;
      /** @description Always 0: the catalogue has no dates. */
      created: number;
      /** @example gpt-4.1-mini */
      id: string;
      /** @enum {string} */
      object: 'model';
      /**
       * @description The model’s provider.
       * @example openai
       */
      owned_by: string;
    };
    OpenAiStreamOptionsBody: {
      /** @description Send a last chunk with `usage` (and `usage: null` on the others). */
      include_usage?: boolean;
    };
    PlanResponse: {
      callToAction: string;
      /** @description Conversations per calendar month; null for unlimited. */
      conversationsPerMonth: number | null;
      description: string;
      features: string[];
      highlighted: boolean;
      /** @enum {string} */
      id: 'free' | 'basic' | 'pro' | 'enterprise' | 'pay-per-use';
      /** @enum {string} */
      kind: 'subscription' | 'pay-per-use';
      /** @description Monthly price in cents; null for custom pricing or usage-priced plans. */
      monthlyPriceCents: number | null;
      /** @example Pro */
      name: string;
      /** @description Cents per charged call (pay-per-use). */
      ratePerCallCents: number | null;
      /** @description Days a memory is kept; null for unlimited. */
      retentionDays: number | null;
      sortOrder: number;
    };
    PlansResponse: {
      developerApi: components['schemas']['DeveloperApiPricingResponse'];
      plans: components['schemas']['PlanResponse'][];
    };
    PortalAuditEntryResponse: {
      /**
       * @description viewed (the portal listed the memories), corrected (one memory’s text), forgot (one memory), forgot_all (the end user’s memories, conversations and uploads), exported (the JSON download).
       * @enum {string}
       */
      action: 'viewed' | 'corrected' | 'forgot' | 'forgot_all' | 'exported';
      /**
       * Format: date-time
       * @example 2026-11-27T10:15:00.000Z
       */
      at: string;
      /** @example customer-42 */
      end_user_id: string;
      /** @example 0b9f6c1e-2f4a-4c3e-9d7b-5a1e2c3d4f60 */
      id: string;
      /** @description How many memories the action covered (viewed, exported, forgot_all). */
      memory_count: number | null;
      /** @description The memory corrected or forgotten. */
      memory_id: string | null;
    };
    PortalAuditResponse: {
      /** @description Newest first. */
      entries: components['schemas']['PortalAuditEntryResponse'][];
      /** @example 50 */
      limit: number;
      /** @example 0 */
      offset: number;
      /** @example 3 */
      total_count: number;
    };
    PortalLinkResponse: {
      /** @example customer-42 */
      end_user_id: string;
      /**
       * Format: date-time
       * @example 2026-11-27T10:15:00.000Z
       */
      expires_at: string;
      /** @description The signed token inside the URL; it is the whole permission, keep it private. */
      token: string;
      /**
       * @description Open it in the end user’s browser (a new tab, a redirect or an iframe on an allowed origin).
       * @example https://membolt.example.com/portal/p1.eyJ1Ijo….Zx3…
       */
      url: string;
    };
    PortalSettingsBody: {
      /**
       * @description The accent colour (default #1976d2).
       * @example #0f766e
       */
      color?: string | null;
      /**
       * @description The name the portal shows (default: the account’s name is not shown, only "this app").
       * @example Acme Health
       */
      display_name?: string | null;
      /**
       * @description Origins allowed to show the portal in an iframe (CSP frame-ancestors); empty: only Membolt’s own origin.
       * @example [
       *       "https://app.acme.example"
       *     ]
       */
      frame_origins?: string[];
      /**
       * @description An https:// image URL shown at the top of the portal.
       * @example https://acme.example/logo.png
       */
      logo_url?: string | null;
    };
    PortalSettingsResponse: {
      /** @example #1976d2 */
      color: string;
      /** @example Acme Health */
      display_name: string | null;
      /**
       * @example [
       *       "https://app.acme.example"
       *     ]
       */
      frame_origins: string[];
      /** @example https://acme.example/logo.png */
      logo_url: string | null;
      /**
       * Format: date-time
       * @example 2026-11-27T10:15:00.000Z
       */
      updated_at: string | null;
    };
    PrivacyPolicyResponse: {
      /**
       * @description What a new account starts with.
       * @example {
       *       "card_number": "redact",
       *       "iban": "allow",
       *       "national_id": "redact",
       *       "email": "allow",
       *       "phone": "allow",
       *       "street_address": "allow",
       *       "secret": "redact",
       *       "password": "allow",
       *       "health": "allow",
       *       "religion": "allow",
       *       "politics": "allow",
       *       "sexual_orientation": "allow",
       *       "ethnicity": "allow",
       *       "trade_union": "allow"
       *     }
       */
      defaults: {
        /** @enum {string} */
        card_number: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        email: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        ethnicity: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        health: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        iban: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        national_id: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        password: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        phone: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        politics: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        religion: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        secret: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        sexual_orientation: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        street_address: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        trade_union: 'allow' | 'redact' | 'refuse';
      };
      key_overrides: components['schemas']['KeyPrivacyOverrideResponse'][];
      /**
       * @description The account policy, every kind.
       * @example {
       *       "card_number": "redact",
       *       "iban": "allow",
       *       "national_id": "redact",
       *       "email": "allow",
       *       "phone": "allow",
       *       "street_address": "allow",
       *       "secret": "redact",
       *       "password": "allow",
       *       "health": "allow",
       *       "religion": "allow",
       *       "politics": "allow",
       *       "sexual_orientation": "allow",
       *       "ethnicity": "allow",
       *       "trade_union": "allow"
       *     }
       */
      policy: {
        /** @enum {string} */
        card_number: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        email: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        ethnicity: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        health: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        iban: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        national_id: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        password: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        phone: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        politics: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        religion: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        secret: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        sexual_orientation: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        street_address: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        trade_union: 'allow' | 'redact' | 'refuse';
      };
      /** @description Memories stored with each kind redacted, since the account began. */
      redaction_counts: {
        card_number: number;
        email: number;
        ethnicity: number;
        health: number;
        iban: number;
        national_id: number;
        password: number;
        phone: number;
        politics: number;
        religion: number;
        secret: number;
        sexual_orientation: number;
        street_address: number;
        trade_union: number;
      };
    };
    RegisteredUserResponse: {
      /** @enum {boolean} */
      registered: true;
      user_id: string;
    };
    RegisterInitialUserBody: {
      /**
       * @description The same key as the X-API-Key header.
       * @example mblt_…
       */
      api_key: string;
      /**
       * @description The id of the user the key belongs to.
       * @example a3f0c2e4-…
       */
      user_id: string;
    };
    ScoreBreakdownResponse: {
      /** @description A concept named in the query is linked to this memory. */
      concept_match: boolean;
      /**
       * @description The share of the query's content words the memory holds, 0 to 1.
       * @example 0.5
       */
      coverage: number;
      /**
       * @description The final score results are sorted by.
       * @example 0.71
       */
      final: number;
      /**
       * @description Fused rank score before the rerank.
       * @example 0.032
       */
      fused: number;
      /** @example 0.8 */
      importance: number;
      /**
       * @description BM25 keyword score.
       * @example 3.1
       */
      keyword: number | null;
      /**
       * @description How much of the query the memory reaches by meaning rather than spelling (WordNet: a synonym, a kind or a definition of a query word, as "drink" reaches "coffee"), 0 to 1.
       * @example 0.9
       */
      meaning: number;
      /**
       * @example [
       *       "matched words: lisbon, moved",
       *       "high importance"
       *     ]
       */
      reasons: string[];
      /**
       * @description 1 for a memory made now, towards 0 with age.
       * @example 0.97
       */
      recency: number;
      /**
       * @description Cosine similarity (0 to 1).
       * @example 0.62
       */
      semantic: number | null;
      /** @description The query asks about a personal-fact slot (occupation, residence, pet...) the memory states. */
      slot_match: boolean;
      /** @description The query named a time and the memory falls in it. */
      time_match: boolean;
    };
    SearchMemoriesBody: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /**
       * Format: date-time
       * @description Facts as they held at this instant (includes facts closed since).
       */
      as_of?: string;
      /**
       * @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories).
       * @example none
       */
      category?: string;
      /** @description Only memories of this conversation. */
      conversation_id?: string;
      /**
       * Format: date-time
       * @description Only memories created at or after this time.
       */
      created_after?: string;
      /**
       * Format: date-time
       * @description Only memories created before this time.
       */
      created_before?: string;
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      /**
       * @description Conditions in Mem0's v2 filter syntax, as URL-encoded JSON: `AND`, `OR`, `NOT` (arrays of filters), fields `created_at`, `updated_at`, `valid_from`, `valid_to`, `expiration_date`, `categories`, `memory_ids`, `user_id` (= end_user_id), `agent_id`, `run_id`, `metadata.<key>`, each a value (eq), `"*"` (present), null (absent) or `{op: value}` with op in eq, ne, in, nin, gt, gte, lt, lte, contains, icontains. ANDed with the other filters, always inside the scope of the call; without end_user_id, a top-level `user_id` names the end user.
       * @example {"AND":[{"user_id":"customer-42"},{"created_at":{"gte":"2026-01-01"}}]}
       */
      filters?:
        | {
            [key: string]: unknown;
          }
        | string;
      /**
       * @description Include closed facts (valid_to in the past).
       * @enum {string}
       */
      include_closed?: 'true' | 'false';
      /**
       * @description Include the 1536-number embedding.
       * @enum {string}
       */
      include_embedding?: 'true' | 'false';
      /** @default 10 */
      limit: number;
      /**
       * @description Exact matches on metadata fields, as a JSON object (URL-encoded).
       * @example {"topic":"travel"}
       */
      metadata?:
        | {
            [key: string]: unknown;
          }
        | string;
      /**
       * @description What to look for.
       * @example where do I live?
       */
      query: string;
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
      /** @enum {string} */
      source?: 'memory' | 'chat' | 'file' | 'api';
      /**
       * @description The least `relevance` a result must have (0 to 1, calibrated: how likely the memory answers the query, from the share of its words the memory holds, the cosine, meaning and slot matches; length, importance and recency do not count). With it, a query that nothing bears on answers an empty list; without it (the default), every memory that matches at all comes back. The web app and the assistant use 0.1.
       * @example 0.1
       */
      threshold?: number;
      /** @description The same as `limit` (Mem0's name); given both, they must agree. */
      top_k?: number;
    };
    SearchResponse: {
      /** @example 1 */
      count: number;
      /**
       * @description The results as a numbered text block: one line per memory, with its text and date.
       * @example 1. I moved to Lisbon in March 2025. (2026-11-23)
       */
      formatted_results: string;
      results: components['schemas']['SearchResultResponse'][];
    };
    SearchResultResponse: {
      agent_id: string | null;
      /** @description A built-in or custom category; null: none. */
      category: string | null;
      conversation_id: string | null;
      conversation_title: string | null;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      created_at: string;
      /** @description Only with include_embedding=true. */
      embedding?: number[];
      /** @example customer-42 */
      end_user_id: string | null;
      /**
       * Format: date-time
       * @description When the memory expires (hidden, then deleted); null: never.
       */
      expiration_date: string | null;
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      id: string;
      /**
       * @description From 0 to 1 (default 0.5); weighs in search ranking.
       * @example 0.8
       */
      importance: number;
      /**
       * @description A JSON string (importance, category and source are folded in).
       * @example {"topic":"travel","importance":0.8,"category":"personal","source":"api"}
       */
      metadata: string;
      /**
       * @description The kinds of sensitive data the privacy policy replaced by placeholders (such as [card number]) when this text was written; empty: none.
       * @example [
       *       "card_number"
       *     ]
       */
      redactions: (
        | 'card_number'
        | 'iban'
        | 'national_id'
        | 'email'
        | 'phone'
        | 'street_address'
        | 'secret'
        | 'password'
        | 'health'
        | 'religion'
        | 'politics'
        | 'sexual_orientation'
        | 'ethnicity'
        | 'trade_union'
      )[];
      /**
       * @description Calibrated relevance to the query, 0 to 1: what `threshold` cuts on. Unlike `score`, it leaves out length, importance and recency.
       * @example 0.82
       */
      relevance: number;
      run_id: string | null;
      /**
       * @description The final score results are sorted by.
       * @example 0.71
       */
      score: number;
      scores: components['schemas']['ScoreBreakdownResponse'];
      /**
       * @example api
       * @enum {string}
       */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example I moved to Lisbon in March 2025. */
      text: string;
      /**
       * Format: date-time
       * @description The same as created_at.
       * @example 2026-11-23T08:15:00.000Z
       */
      timestamp: string;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @description When the fact started to hold.
       * @example 2026-11-23T08:15:00.000Z
       */
      valid_from: string;
      /**
       * Format: date-time
       * @description When the fact stopped holding (null: it still does).
       */
      valid_to: string | null;
      /**
       * @description 1 at creation, +1 on every update.
       * @example 1
       */
      version: number;
    };
    ServiceStatusResponse: {
      /** @example 3 */
      latencyMs: number;
      /** @enum {string} */
      name: 'identity' | 'keys' | 'billing' | 'memory' | 'ingestion' | 'chat' | 'webhooks';
      /** @enum {string} */
      status: 'ok' | 'unavailable';
      /** @example 3600 */
      uptimeSeconds: number | null;
      /** @example 0.1.0 */
      version: string | null;
    };
    SourceDeletionResponse: {
      /** @description False when the source was already gone, or the memory was the chunk itself. */
      deleted: boolean;
      /** @description The chunk memory deleted with it, if any. */
      memory_id: string | null;
    };
    StoredMemoryResponse: {
      agent_id: string | null;
      /** @description A built-in or custom category; null: none. */
      category: string | null;
      conversation_id: string | null;
      conversation_title: string | null;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      created_at: string;
      /**
       * @description Present (true) when an open memory already held these words: it is answered, nothing was stored.
       * @enum {boolean}
       */
      deduplicated?: true;
      /** @description Only with include_embedding=true. */
      embedding?: number[];
      /** @example customer-42 */
      end_user_id: string | null;
      /**
       * Format: date-time
       * @description When the memory expires (hidden, then deleted); null: never.
       */
      expiration_date: string | null;
      /** @example 6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      id: string;
      /**
       * @description From 0 to 1 (default 0.5); weighs in search ranking.
       * @example 0.8
       */
      importance: number;
      /**
       * @description A JSON string (importance, category and source are folded in).
       * @example {"topic":"travel","importance":0.8,"category":"personal","source":"api"}
       */
      metadata: string;
      /**
       * @description The kinds of sensitive data the privacy policy replaced by placeholders (such as [card number]) when this text was written; empty: none.
       * @example [
       *       "card_number"
       *     ]
       */
      redactions: (
        | 'card_number'
        | 'iban'
        | 'national_id'
        | 'email'
        | 'phone'
        | 'street_address'
        | 'secret'
        | 'password'
        | 'health'
        | 'religion'
        | 'politics'
        | 'sexual_orientation'
        | 'ethnicity'
        | 'trade_union'
      )[];
      run_id: string | null;
      /**
       * @example api
       * @enum {string}
       */
      source: 'memory' | 'chat' | 'file' | 'api';
      /** @example I moved to Lisbon in March 2025. */
      text: string;
      /**
       * Format: date-time
       * @description The same as created_at.
       * @example 2026-11-23T08:15:00.000Z
       */
      timestamp: string;
      /**
       * Format: date-time
       * @example 2026-11-23T08:15:00.000Z
       */
      updated_at: string;
      /**
       * Format: date-time
       * @description When the fact started to hold.
       * @example 2026-11-23T08:15:00.000Z
       */
      valid_from: string;
      /**
       * Format: date-time
       * @description When the fact stopped holding (null: it still does).
       */
      valid_to: string | null;
      /**
       * @description 1 at creation, +1 on every update.
       * @example 1
       */
      version: number;
    };
    SubscriptionCheckResponse: {
      /** @description Cents. */
      balance: number;
      conversations_used: number;
      /** @description Monthly conversation limit; null for unlimited. */
      limit: number | null;
      /**
       * @example free
       * @enum {string|null}
       */
      plan: 'free' | 'basic' | 'pro' | 'enterprise' | 'pay-per-use' | null;
      /** @description Cents per charged call. */
      rate: number;
      /**
       * @description user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error.
       * @enum {string|null}
       */
      reason:
        | 'user_not_found'
        | 'inactive_account'
        | 'insufficient_balance'
        | 'free_tier_limit_reached'
        | 'validation_error'
        | null;
      valid: boolean;
    };
    SystemStatusResponse: {
      services: components['schemas']['ServiceStatusResponse'][];
      /** @enum {string} */
      status: 'ok' | 'degraded';
      /** @example 0.1.0 */
      version: string;
    };
    TextBody: {
      /** @example I moved to Lisbon in March 2025. */
      text: string;
    };
    UpdateMemoryBody: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /** @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories). */
      category?: string;
      embedding?: number[];
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      /**
       * Format: date-time
       * @description Sets when the memory expires; null: it never expires.
       */
      expiration_date?: string | null;
      importance?: number;
      /**
       * @description Replaces the metadata object.
       * @example {
       *       "topic": "travel",
       *       "importance": 0.8
       *     }
       */
      metadata?:
        | {
            [key: string]: unknown;
          }
        | string;
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
      /** @example I moved to Porto in June 2026. */
      text?: string;
      /** Format: date-time */
      valid_from?: string;
      /**
       * Format: date-time
       * @description Closes the fact; null reopens it.
       */
      valid_to?: string | null;
    };
    UpdateMemoryCategoryBody: {
      /**
       * @description What the category holds, in words: the fact extractors read it to assign the category.
       * @example Trips, flights, hotels and places visited or planned
       */
      description: string;
    };
    UpdatePrivacyPolicyBody: {
      /**
       * @description Per kind: allow, redact or refuse. Kinds left out keep their action (with key_id: follow the account).
       * @example {
       *       "email": "redact",
       *       "health": "refuse"
       *     }
       */
      actions: {
        /** @enum {string} */
        card_number?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        email?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        ethnicity?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        health?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        iban?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        national_id?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        password?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        phone?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        politics?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        religion?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        secret?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        sexual_orientation?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        street_address?: 'allow' | 'redact' | 'refuse';
        /** @enum {string} */
        trade_union?: 'allow' | 'redact' | 'refuse';
      };
      /** @description An API key of the account: `actions` become that key's overrides (replacing its earlier ones; {} removes them). */
      key_id?: string;
    };
    UpdateWebhookBody: {
      description?: string;
      /** @description true enables a disabled endpoint again (its failure count starts from 0); false pauses it. */
      enabled?: boolean;
      events?: (
        | 'memory.created'
        | 'memory.updated'
        | 'memory.deleted'
        | 'memory.closed'
        | 'upload.completed'
        | 'upload.failed'
        | 'subscription.changed'
      )[];
      url?: string;
    };
    UploadAcceptedResponse: {
      /** @description 0-100 over the whole processing. */
      percent: number;
      /** @enum {string} */
      status:
        'receiving' | 'queued' | 'extracting' | 'chunking' | 'embedding' | 'summarising' | 'done' | 'failed';
      /** @example /api/uploads/6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73 */
      status_url: string;
      upload_id: string;
    };
    UploadBase64Body: {
      /**
       * @description Narrows to (and records) one agent of your app.
       * @example support-bot
       */
      agent_id?: string;
      /**
       * @description One end user of your app (a string you choose). Without it, calls act on the account's own memories.
       * @example customer-42
       */
      end_user_id?: string;
      /** @description The file, base64-encoded (a `data:…;base64,` prefix is accepted). */
      fileData: string;
      /** @example notes.pdf */
      fileName: string;
      /**
       * @description Bytes of the file; must match fileData.
       * @example 48213
       */
      fileSize: number;
      /**
       * @description Checked against the content, never trusted.
       * @example application/pdf
       */
      fileType?: string;
      /**
       * @description Narrows to (and records) one run or session.
       * @example run-2026-11-23
       */
      run_id?: string;
    };
    UploadDeletionResponse: {
      deleted: boolean;
      file_deleted: boolean;
      memories_deleted: number;
      upload_id: string;
    };
    UploadListResponse: {
      count: number;
      limit: number;
      offset: number;
      total_count: number;
      uploads: components['schemas']['UploadStateResponse'][];
    };
    UploadResponse: {
      /** @description Memories made from the text (one per chunk). */
      chunks: number;
      /** @enum {string} */
      kind: 'pdf' | 'docx' | 'doc' | 'txt' | 'md' | 'jpg' | 'png' | 'gif';
      /** @description The id of the summary memory. */
      memory_id: string;
      pages: number | null;
      /** @description The summary of the file (also stored as a memory). */
      summary: string;
      upload_id: string;
    };
    UploadStateResponse: {
      agent_id: string | null;
      chunks: number | null;
      created_at: string;
      /** @description The end user it belongs to (null: the account's). */
      end_user_id: string | null;
      error: string | null;
      file_name: string;
      file_type: string | null;
      id: string;
      /** @enum {string|null} */
      kind: 'pdf' | 'docx' | 'doc' | 'txt' | 'md' | 'jpg' | 'png' | 'gif' | null;
      /** @description The memory holding the summary. */
      memory_id: string | null;
      pages: number | null;
      /** @description 0-100 over the whole processing. */
      percent: number;
      run_id: string | null;
      size: number;
      /** @enum {string} */
      state:
        'receiving' | 'queued' | 'extracting' | 'chunking' | 'embedding' | 'summarising' | 'done' | 'failed';
      summary: string | null;
      updated_at: string;
    };
    UsageResponse: {
      /** @example 2026-04-01T00:00:00.000Z */
      from: string;
      /** @example 2026-05-01T00:00:00.000Z */
      to: string;
      totals: components['schemas']['UsageTotalsResponse'];
      usage: components['schemas']['UsageRowResponse'][];
    };
    UsageRowResponse: {
      /** @example 12 */
      calls: number;
      /**
       * @description Cents really taken from the balance (pay-per-use calls).
       * @example 12
       */
      charged_cents: number;
      /** @example 0 */
      conversations: number;
      /**
       * @description Cents, 6 decimals: the charges plus the tokens' price of API key calls (reported, and counted toward key spend caps, but never taken from the balance).
       * @example 12.153600
       */
      cost_cents: string;
      /**
       * @description YYYY-MM-DD
       * @example 2026-04-03
       */
      day: string;
      /** @example /search */
      endpoint: string;
      /** @example 5120 */
      tokens: number;
    };
    UsageTotalsResponse: {
      calls: number;
      /**
       * @description Cents really taken from the balance (pay-per-use calls).
       * @example 12
       */
      charged_cents: number;
      conversations: number;
      /** @example 12.153600 */
      cost_cents: string;
      tokens: number;
    };
    UserDatabaseResponse: {
      /** Format: date-time */
      created_at: string;
      /**
       * @description The memory graph: `graph_` followed by a UUID.
       * @example graph_5b0e…
       */
      graph_id: string;
      /** @enum {string} */
      status: 'active';
      user_id: string;
    };
    WebhookDeliveryListResponse: {
      /** @description Newest first. */
      deliveries: components['schemas']['WebhookDeliveryResponse'][];
    };
    WebhookDeliveryResponse: {
      attempts: number;
      /** Format: date-time */
      created_at: string;
      duration_ms: number | null;
      error: string | null;
      /** @enum {string} */
      event:
        | 'memory.created'
        | 'memory.updated'
        | 'memory.deleted'
        | 'memory.closed'
        | 'upload.completed'
        | 'upload.failed'
        | 'subscription.changed';
      /** @description The Membolt-Event-Id header and the body’s `id`: the same on every attempt. */
      event_id: string;
      id: string;
      /**
       * @description pending, succeeded or failed.
       * @enum {string}
       */
      state: 'pending' | 'succeeded' | 'failed';
      /** @description The last attempt's HTTP status (null: no answer). */
      status_code: number | null;
      /** Format: date-time */
      updated_at: string;
      webhook_id: string;
    };
    WebhookListResponse: {
      /** @description Newest first. */
      webhooks: components['schemas']['WebhookResponse'][];
    };
    WebhookResponse: {
      /** @description Failed attempts since the last successful one. */
      consecutive_failures: number;
      /** Format: date-time */
      created_at: string;
      description: string | null;
      /** @example repeated delivery failures */
      disabled_reason: string | null;
      /** @description false once disabled after repeated failures (or by its owner). */
      enabled: boolean;
      /** @description memory.created, memory.updated, upload.completed… */
      events: (
        | 'memory.created'
        | 'memory.updated'
        | 'memory.deleted'
        | 'memory.closed'
        | 'upload.completed'
        | 'upload.failed'
        | 'subscription.changed'
      )[];
      id: string;
      /** Format: date-time */
      updated_at: string;
      url: string;
    };
    WebSearchBody: {
      /** @default 5 */
      numResults: number;
      /** @example best hikes near Lisbon */
      query: string;
    };
    WebSearchResponse: {
      /** @description The results as one text, ready for a prompt. */
      formatted_results: string;
      results: components['schemas']['WebSearchResultResponse'][];
    };
    WebSearchResultResponse: {
      snippet: string;
      title: string;
      url: string;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  ChatController_chat: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChatBody'];
      };
    };
    responses: {
      /** @description The answer: text, memories_used (the memories the answer used: in the prompt, or offline in the answer), memories_retrieved (each `used` or not), conversation_id, usage (the cost headers come with the JSON answer); or, with `Accept: text/event-stream`, server-sent events: `event: start` (ChatStartEvent), `event: token` (ChatTokenEvent) for each piece of the answer, then `event: done` (ChatResponse) or `event: error` ({error, message}). */
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatResponse'];
          /**
           * @example event: start
           *     data: {"conversation_id":"6650f1c2a1b2c3d4e5f60720","conversation_title":"Where I live","model":"gpt-4o-mini","responder":"openai","memories_retrieved":[]}
           *
           *     event: token
           *     data: {"text":"You live"}
           *
           *     event: done
           *     data: {"text":"You live in Lisbon.","memories_used":1,…}
           */
          'text/event-stream': string;
        };
      };
      /** @description validation_error (the message says which field) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
          'text/event-stream': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
          'text/event-stream': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
          'text/event-stream': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
          'text/event-stream': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable, provider_unavailable or web_search_not_configured */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  EmbeddingsController_generate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['TextBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EmbeddingResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  AccountController_health: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['GatewayHealthResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0ProjectController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key’s account (ping’s org_id). */
        orgId: string;
        /** @description The key’s account (ping’s project_id). */
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0ProjectResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the organisation or project is not the key’s account. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0ProjectController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key’s account (ping’s org_id). */
        orgId: string;
        /** @description The key’s account (ping’s project_id). */
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0ProjectBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0ProjectResponse'];
        };
      };
      /** @description validation_error naming the category and rule */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the organisation or project is not the key’s account. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0WebhooksController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0UpdateWebhookBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0WebhookChangedResponse'];
        };
      };
      /** @description validation_error: the message names the field; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such webhook of the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0WebhooksController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0WebhookChangedResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such webhook of the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0WebhooksController_list: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key’s account (ping’s project_id). */
        projectId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0WebhookResponse'][];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the project is not the key’s account. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0WebhooksController_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The key’s account (ping’s project_id). */
        projectId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0CreateWebhookBody'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0CreatedWebhookResponse'];
        };
      };
      /** @description validation_error: the message names the field; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the project is not the key’s account. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_batchUpdate: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0BatchUpdateBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0BatchResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_batchDelete: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0BatchDeleteBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0BatchResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_users: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0EntitiesResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  'Mem0Controller_deleteEntity[0]': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        entityId: string;
        type: 'user' | 'agent' | 'run';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0DeletionResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_event: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The event_id an async add answered. */
        eventId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0EventResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such event of this account. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_createExport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0ExportBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0ExportCreatedResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_getExport: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0GetExportBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0ExportResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such export. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_feedback: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0FeedbackBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0FeedbackResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  'Mem0Controller_add[1]': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0AddBody'];
      };
    };
    responses: {
      /** @description The events, in order. */
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0AddResponse'];
        };
      };
      /** @description async_mode: the event to poll. */
      202: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0QueuedResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_deleteAll: {
    parameters: {
      query?: {
        /** @description An agent scope. */
        agent_id?: string;
        /** @description Not supported (400 when given). */
        app_id?: string;
        /** @description A run (session) scope. */
        run_id?: string;
        /** @description A Membolt end user of the key’s account (Membolt’s end_user_id). */
        user_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0DeletionResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0MemoryResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0UpdateBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0UpdatedMemoryResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_delete: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0DeletionResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_history: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0HistoryEntryResponse'][];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in the key’s account (another account’s ids are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_ping: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0PingResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  'Mem0Controller_deleteEntity[1]': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        entityId: string;
        type: 'user' | 'agent' | 'run';
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0DeletionResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_getAll: {
    parameters: {
      query?: {
        page?: number;
        page_size?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0GetAllBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0PageResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  'Mem0Controller_add[0]': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0AddBody'];
      };
    };
    responses: {
      /** @description The events, in order. */
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0AddResponse'];
        };
      };
      /** @description async_mode: the event to poll. */
      202: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0QueuedResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  Mem0Controller_search: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['Mem0SearchBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Mem0SearchResponse'];
        };
      };
      /** @description validation_error: the message names the field (or the filter) and the rule; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: a service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PlansController_list: {
    parameters: {
      query?: {
        kind?: 'subscription' | 'pay-per-use';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The plans and the developer API price. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PlansResponse'];
        };
      };
    };
  };
  AccountController_register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['RegisterInitialUserBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['RegisteredUserResponse'];
        };
      };
      /** @description api_key is not the key of the X-API-Key header */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description user_id is not the owner of the key */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  ChatController_search: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['WebSearchBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebSearchResponse'];
        };
      };
      /** @description validation_error (the message says which field) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable, provider_unavailable or web_search_not_configured */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  StatusController_get: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description `status` is "ok" when every service answers, else "degraded". */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SystemStatusResponse'];
        };
      };
    };
  };
  UsageController_subscription: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SubscriptionCheckResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  UploadsController_upload: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description Answer 202 at once with the upload id, without waiting for the processing. */
        async?: boolean;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UploadBase64Body'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadResponse'];
        };
      };
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadAcceptedResponse'];
        };
      };
      /** @description validation_error: the message names the problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description payload_too_large: over UPLOAD_MAX_BYTES */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description unsupported_file_type (the detected type is named) */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description unreadable_file: encrypted, damaged, or no text */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  UploadsController_list: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        limit?: number;
        offset?: number;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadListResponse'];
        };
      };
      /** @description validation_error: the message names the problem. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  UploadsController_get: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadStateResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no upload of yours has this id in this scope (end_user_id, agent_id, run_id). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  UploadsController_delete: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UploadDeletionResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no upload of yours has this id in this scope (end_user_id, agent_id, run_id). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  UsageController_usage: {
    parameters: {
      query?: {
        /** @description Start (inclusive), ISO 8601. */
        from?: string;
        /** @description End (exclusive), ISO 8601. */
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UsageResponse'];
        };
      };
      /** @description validation_error: a bad date or period. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryCategoriesController_list: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryCategoryListResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryCategoriesController_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateMemoryCategoryBody'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryCategoryResponse'];
        };
      };
      /** @description validation_error naming the field and the rule (or the limit of categories); nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description conflict: the account has a category of that name. */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryCategoriesController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The custom category’s name. */
        name: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMemoryCategoryBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryCategoryResponse'];
        };
      };
      /** @description validation_error naming the field and the rule (or the limit of categories); nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: the account has no category of that name (another account’s are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryCategoriesController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The custom category’s name. */
        name: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryCategoryDeletionResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: the account has no category of that name (another account’s are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  ConversationsController_list: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        limit?: number;
        offset?: number;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationListResponse'];
        };
      };
      /** @description validation_error (the message says which field) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable, provider_unavailable or web_search_not_configured */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  ConversationsController_get: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        conversationId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found (also: one of another scope) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable, provider_unavailable or web_search_not_configured */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  ConversationsController_delete: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        conversationId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ConversationDeletionResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found (also: one of another scope) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable, provider_unavailable or web_search_not_configured */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  UserDatabaseController_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    /** @description No fields. */
    requestBody?: {
      content: {
        'application/json': Record<string, never>;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['UserDatabaseResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description A service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryQueriesController_endUsers: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EndUserListResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryQueriesController_deleteEndUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The end user id your app chose. */
        endUserId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['EndUserDeletionResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PortalAdminController_mint: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The end user id your app chose. */
        endUserId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        'application/json': components['schemas']['MintPortalLinkBody'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortalLinkResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PortalAdminController_endUserAudit: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description The end user id your app chose. */
        endUserId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortalAuditResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_list: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description Facts as they held at this instant (includes facts closed since). */
        as_of?: string;
        /** @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories). */
        category?: string;
        /** @description Only memories of this conversation. */
        conversation_id?: string;
        /** @description Only memories created at or after this time. */
        created_after?: string;
        /** @description Only memories created before this time. */
        created_before?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Conditions in Mem0's v2 filter syntax, as URL-encoded JSON: `AND`, `OR`, `NOT` (arrays of filters), fields `created_at`, `updated_at`, `valid_from`, `valid_to`, `expiration_date`, `categories`, `memory_ids`, `user_id` (= end_user_id), `agent_id`, `run_id`, `metadata.<key>`, each a value (eq), `"*"` (present), null (absent) or `{op: value}` with op in eq, ne, in, nin, gt, gte, lt, lte, contains, icontains. ANDed with the other filters, always inside the scope of the call; without end_user_id, a top-level `user_id` names the end user. */
        filters?: components['schemas']['Object'] &
          (
            | {
                [key: string]: unknown;
              }
            | string
          );
        /** @description Include closed facts (valid_to in the past). */
        include_closed?: 'true' | 'false';
        /** @description Include the 1536-number embedding. */
        include_embedding?: 'true' | 'false';
        limit?: number;
        /** @description Exact matches on metadata fields, as a JSON object (URL-encoded). */
        metadata?: components['schemas']['Object'] &
          (
            | {
                [key: string]: unknown;
              }
            | string
          );
        offset?: number;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
        sort?: 'importance' | 'recent' | 'oldest';
        source?: 'memory' | 'chat' | 'file' | 'api';
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryListResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_create: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: {
        /** @description With `async`: the same key answers the job already queued instead of queueing another. */
        'Idempotency-Key'?: string;
      };
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          components['schemas']['CreateMemoryBody'] | components['schemas']['AddMessagesBody'];
      };
    };
    responses: {
      /** @description With `text`: the memory already holding these words (`deduplicated: true`). With `messages`: the events, when no memory was created (only NOOP, UPDATE or CLOSE events, or none). */
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json':
            components['schemas']['StoredMemoryResponse'] | components['schemas']['LearnedMemoriesResponse'];
        };
      };
      /** @description With `text`: the memory stored. With `messages`: the events, when a memory was created. */
      201: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json':
            components['schemas']['StoredMemoryResponse'] | components['schemas']['LearnedMemoriesResponse'];
        };
      };
      /** @description `async: true` with messages: the learning is queued; follow status_url (also in Location). */
      202: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LearningJobResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule (for messages, the message and its part, e.g. "messages[1].role must be one of: user, assistant, system"); nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_deleteScope: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryDeletionResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_get: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Include the 1536-number embedding. */
        include_embedding?: 'true' | 'false';
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in this scope (memories of other users are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_update: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateMemoryBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in this scope (memories of other users are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_delete: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description `source`: also delete what the memory was learnt from: the chat message, or the chunk of the uploaded file (its chunk memory). */
        cascade?: 'source';
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryErasureResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in this scope (memories of other users are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_history: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The memory id. */
        id: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryHistoryResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such memory in this scope (memories of other users are never found). */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryBulkController_updateMany: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BatchUpdateBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BatchResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_createBatch: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateMemoryBatchBody'];
      };
    };
    responses: {
      /** @description Every item was already held (all deduplicated). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryBatchResponse'];
        };
      };
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryBatchResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryBulkController_deleteMany: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['BatchDeleteBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['BatchResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_export: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description ndjson: one memory JSON a line. mem0: one JSON object {"results": [...]} of memories in Mem0’s shape (memory, user_id, agent_id, run_id, metadata, categories, created_at...), as Mem0 exports and lists them. */
        format?: 'ndjson' | 'mem0';
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One memory JSON (the shape of GET …/memories/{id}) per line. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example {"id":"6f1c…","text":"I moved to Lisbon in March 2025.","metadata":"{\"importance\":0.5}",…} */
          'application/x-ndjson': string;
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/x-ndjson': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_import: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    /** @description One memory JSON per line (the export format), or a JSON array of them. */
    requestBody: {
      content: {
        'application/json': string;
        'application/x-ndjson': string;
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryImportResponse'];
        };
      };
      /** @description More lines than GATEWAY_IMPORT_SYNC_LINES: queued as a durable job; follow status_url. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImportJobResponse'];
        };
      };
      /** @description validation_error naming the line; nothing was stored. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description payload_too_large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_importStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The import_id of the 202 answer. */
        importId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ImportJobResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such import of this account. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryBulkController_job: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The job_id of the 202 answer. */
        jobId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['LearningJobResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such job of this account. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoriesController_searchByBody: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['SearchMemoriesBody'];
      };
    };
    responses: {
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SearchResponse'];
        };
      };
      /** @description validation_error: the message names the field and the rule; nothing was changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryQueriesController_stats: {
    parameters: {
      query?: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['MemoryStatsResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PortalAdminController_settings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortalSettingsResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PortalAdminController_updateSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['PortalSettingsBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortalSettingsResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PortalAdminController_accountAudit: {
    parameters: {
      query?: {
        limit?: number;
        offset?: number;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PortalAuditResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: retry later. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PrivacyPolicyController_get: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PrivacyPolicyResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  PrivacyPolicyController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdatePrivacyPolicyBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PrivacyPolicyResponse'];
        };
      };
      /** @description validation_error naming the kind or action */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_not_found: key_id is no key of the account */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  MemoryQueriesController_search: {
    parameters: {
      query: {
        /** @description Narrows to (and records) one agent of your app. */
        agent_id?: string;
        /** @description Facts as they held at this instant (includes facts closed since). */
        as_of?: string;
        /** @description A built-in category (personal, work, preference, interest, none; none: no category) or the name of one of the account's custom categories (GET /api/user/{userId}/categories). */
        category?: string;
        /** @description Only memories of this conversation. */
        conversation_id?: string;
        /** @description Only memories created at or after this time. */
        created_after?: string;
        /** @description Only memories created before this time. */
        created_before?: string;
        /** @description One end user of your app (a string you choose). Without it, calls act on the account's own memories. */
        end_user_id?: string;
        /** @description Conditions in Mem0's v2 filter syntax, as URL-encoded JSON: `AND`, `OR`, `NOT` (arrays of filters), fields `created_at`, `updated_at`, `valid_from`, `valid_to`, `expiration_date`, `categories`, `memory_ids`, `user_id` (= end_user_id), `agent_id`, `run_id`, `metadata.<key>`, each a value (eq), `"*"` (present), null (absent) or `{op: value}` with op in eq, ne, in, nin, gt, gte, lt, lte, contains, icontains. ANDed with the other filters, always inside the scope of the call; without end_user_id, a top-level `user_id` names the end user. */
        filters?: components['schemas']['Object'] &
          (
            | {
                [key: string]: unknown;
              }
            | string
          );
        /** @description Include closed facts (valid_to in the past). */
        include_closed?: 'true' | 'false';
        /** @description Include the 1536-number embedding. */
        include_embedding?: 'true' | 'false';
        limit?: number;
        /** @description Exact matches on metadata fields, as a JSON object (URL-encoded). */
        metadata?: components['schemas']['Object'] &
          (
            | {
                [key: string]: unknown;
              }
            | string
          );
        /** @description What to look for. */
        query: string;
        /** @description Narrows to (and records) one run or session. */
        run_id?: string;
        source?: 'memory' | 'chat' | 'file' | 'api';
        /** @description The least `relevance` a result must have (0 to 1, calibrated: how likely the memory answers the query, from the share of its words the memory holds, the cosine, meaning and slot matches; length, importance and recency do not count). With it, a query that nothing bears on answers an empty list; without it (the default), every memory that matches at all comes back. The web app and the assistant use 0.1. */
        threshold?: number;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['SearchResponse'];
        };
      };
      /** @description validation_error: the message names the parameter and the rule. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API key's monthly spend cap is used up. */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description service_unavailable: the memory service did not answer; retry after Retry-After. */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  WebhooksController_list: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookListResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  WebhooksController_create: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['CreateWebhookBody'];
      };
    };
    responses: {
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['CreatedWebhookResponse'];
        };
      };
      /** @description validation_error: the message names the field; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  WebhooksController_update: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['UpdateWebhookBody'];
      };
    };
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookResponse'];
        };
      };
      /** @description validation_error: the message names the field; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such webhook (or delivery) of this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  WebhooksController_remove: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such webhook (or delivery) of this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  WebhooksController_deliveries: {
    parameters: {
      query?: {
        limit?: number;
      };
      header?: never;
      path: {
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryListResponse'];
        };
      };
      /** @description validation_error: the message names the field; nothing changed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such webhook (or delivery) of this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  WebhooksController_redeliver: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        deliveryId: string;
        /** @description The owner of the API key (see GET /api/health). */
        userId: unknown;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['WebhookDeliveryResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description api_key_foreign_user: the key belongs to another user */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description not_found: no such webhook (or delivery) of this user. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  McpController_openStream: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description A JSON-RPC error: send messages with POST. */
      405: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  McpController_handle: {
    parameters: {
      query?: never;
      header?: {
        /** @description Bearer <key>: the API key, when X-API-Key is not sent. */
        Authorization?: string;
      };
      path?: never;
      cookie?: never;
    };
    /** @description One JSON-RPC 2.0 message (or a batch). */
    requestBody: {
      content: {
        'application/json': {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description The JSON-RPC response (202 with no body for a notification). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            [key: string]: unknown;
          };
        };
      };
      /** @description A notification or response was accepted. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  McpController_endSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
      /** @description A JSON-RPC error: send messages with POST. */
      405: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description rate_limited; the Retry-After header says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ApiErrorResponse'];
        };
      };
    };
  };
  OpenAiController_completions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': components['schemas']['ChatCompletionBody'];
      };
    };
    responses: {
      /** @description `chat.completion` (JSON), or with `stream: true` `chat.completion.chunk` server-sent events and `data: [DONE]`. */
      200: {
        headers: {
          /** @description The stored conversation of the exchange. */
          'X-Membolt-Conversation-Id'?: string;
          /** @description What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens. */
          'X-Membolt-Cost-Cents'?: string;
          /** @description Memories given to the model. */
          'X-Membolt-Memories-Used'?: number;
          /** @description The provider that answered, or `offline`. */
          'X-Membolt-Responder'?: string;
          /** @description Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4). */
          'X-Membolt-Tokens'?: number;
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ChatCompletionSchema'];
          'text/event-stream': components['schemas']['ChatCompletionSchema'];
        };
      };
      /** @description validation_error; `param` names the field when known */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
          'text/event-stream': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description insufficient_quota: the subscription check refused the call (`code` is its reason) or the key’s spend cap is used up (`code`: spend_cap_reached) */
      402: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
          'text/event-stream': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description model_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
          'text/event-stream': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description rate_limited; Retry-After says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description service_unavailable or provider_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
    };
  };
  OpenAiController_models: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiModelListSchema'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description rate_limited; Retry-After says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description service_unavailable or provider_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
    };
  };
  OpenAiController_model: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        model: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiModelSchema'];
        };
      };
      /** @description missing_api_key, invalid_api_key or revoked_api_key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description model_not_found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description rate_limited; Retry-After says when to retry */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
      /** @description service_unavailable or provider_unavailable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['OpenAiErrorResponse'];
        };
      };
    };
  };
}
