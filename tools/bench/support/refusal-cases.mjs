// Payloads for tools/bench/refusal-texts.mjs: for each request, a valid payload, then each field replaced by every
// variant and by the field's own edge values, plus unknown fields and an empty payload.
const long = (n) => 'x'.repeat(n);
const COMMON = [undefined, null, 5, 1.5, -1, true, false, '', ' ', 'a', [], ['a'], [1], {}, { a: 1 }];
function variants(base, extra = {}) {
  const out = [base, {}, { ...base, zz: 1 }, { ...base, zz: 1, yy: 2 }, { zz: 1 }];
  const fields = new Set([...Object.keys(base), ...Object.keys(extra)]);
  for (const field of fields) {
    for (const value of [...COMMON, ...(extra[field] ?? [])]) {
      const payload = { ...base };
      if (value === undefined) delete payload[field];
      else payload[field] = value;
      out.push(payload);
    }
  }
  // Two fields broken at once, so the order of fields shows.
  const keys = [...fields];
  for (let i = 0; i + 1 < keys.length; i++) out.push({ ...base, [keys[i]]: 5, [keys[i + 1]]: 5 });
  out.push(Object.fromEntries(keys.map((k) => [k, null])));
  out.push(Object.fromEntries(keys.map((k) => [k, []])));
  return out;
}
const empty = () => [
  {},
  { a: 1 },
  { a: 1, b: 2 },
  { constructor: 1 },
  { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 },
];
const strings = (...n) => n.flatMap((k) => [long(k), long(k + 1), ` ${long(k)} `]);
const event = (over = {}) => ({
  endpoint: '/chat',
  method: 'POST',
  idempotencyKey: 'k:1',
  keyId: 'key1',
  tokens: 10,
  succeeded: true,
  userId: 'u1',
  at: '2026-01-01T00:00:00Z',
  authorizedBy: 'edge',
  ...over,
});
const METERED = {
  endpoint: ['/search', '/nope', 'chat'],
  method: ['GET', 'PATCH', 'get'],
  idempotencyKey: ['a b', long(128), long(129), 'a:b_c.d-e'],
  keyId: strings(100),
};

export const cases = {
  // keys
  CreateProviderKeyRequest: variants(
    { provider: 'openai', apiKey: 'sk-123', baseUrl: 'http://localhost:11434/v1' },
    {
      provider: ['anthropic', 'gemini', 'openai-compatible', 'OpenAI', 'x'],
      apiKey: strings(512),
      baseUrl: [
        'ftp://x.y',
        'localhost',
        'https://api.example.com',
        'http://a',
        ' http://a.b ',
        'http://' + long(2040),
        'http://' + long(3000),
        'https://a_b.c/d',
      ],
    },
  ),
  ListProviderKeysRequest: empty(),
  DeleteProviderKeyRequest: variants({ providerKeyId: 'pk1' }, { providerKeyId: strings(100) }),
  ResolveProviderKeysRequest: empty(),
  ApiKeysRevokedEvent: variants(
    { userId: 'u1', keyIds: ['k1', 'k2'] },
    {
      userId: strings(100),
      keyIds: [
        [long(100)],
        [long(101)],
        [''],
        [null],
        ['a', 5],
        long(101),
        Array(1000).fill('k'),
        Array(1001).fill('k'),
        Array(1001).fill(5),
        [[]],
        [{}],
      ],
    },
  ),
  // billing
  AddFundsRequest: variants(
    { amountCents: 500, idempotencyKey: 'k1' },
    {
      amountCents: [99, 100, 100000, 100001, 500.5, '500', 0],
      idempotencyKey: ['a b', long(128), long(129), 'a:b_c.d-e'],
    },
  ),
  ChangePlanRequest: variants(
    { plan: 'pro' },
    { plan: ['free', 'basic', 'enterprise', 'pay-per-use', 'gold', 'Pro'] },
  ),
  PaymentWebhookRequest: variants(
    { payload: '{}', signature: 's' },
    { payload: [long(1_000_000), long(1_000_001)], signature: strings(2000) },
  ),
  PaymentProviderRequest: empty(),
  BillingPortalRequest: empty(),
  SubscriptionChangedEvent: variants({ userId: 'u1' }, { userId: strings(100) }),
  AuthorizeUsageRequest: variants(
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', newConversation: true },
    METERED,
  ),
  RecordUsageRequest: variants(
    { endpoint: '/chat', method: 'POST', idempotencyKey: 'k:1', keyId: 'key1', tokens: 10, succeeded: false },
    {
      ...METERED,
      tokens: [0, 1_000_000_000, 1_000_000_001, 2.5, '3'],
    },
  ),
  UsageTermsRequest: empty(),
  UsageEvent: variants(event(), {
    ...METERED,
    tokens: [0, 1_000_000_001, 2.5],
    userId: strings(100),
    at: ['2026-01-01', '2026-13-01', 'yesterday', '2026-01-01T00:00:00.000Z'],
    authorizedBy: ['billing', 'other'],
  }),
  RecordUsageBatchRequest: [
    { events: [event()] },
    { events: [] },
    {},
    { events: null },
    { events: 5 },
    { events: {} },
    { events: 'x' },
    { events: [event(), event({ userId: 5 })] },
    { events: [event({ zz: 1 })] },
    { events: [5] },
    { events: [[]] },
    { events: [null] },
    { events: Array(500).fill(event()) },
    { events: Array(501).fill(event()) },
    { events: [event({ at: 'x', tokens: -1 }), event({ method: 'x' })] },
    { events: [event()], zz: 1 },
    { events: [{}] },
    { events: [event({ keyId: null })] },
    { events: [event({ keyId: undefined })] },
  ],
  // identity
  AccessRevokedEvent: variants(
    { sessionIds: ['s1'], userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    {
      sessionIds: [
        [long(100)],
        [long(101)],
        [''],
        [null],
        ['a', 5],
        long(101),
        Array(1001).fill('s'),
        [[]],
        [{}],
        'x',
        '',
      ],
      userIds: [[''], [5], Array(1001).fill('u')],
      expiresAt: ['2026-01-01', 'x', '2026-02-30'],
    },
  ),
  ListAccessRevocationsRequest: empty(),
  VerifyPasswordRequest: variants({ password: 'secret' }, { password: strings(1024) }),
  GetUserStatusRequest: empty(),
  SignUpRequest: variants(
    {
      email: 'ada@example.com',
      password: 'analytical engine',
      name: 'Ada',
      clientAddress: '127.0.0.1',
      userAgent: 'ua',
    },
    {
      email: [' Ada@Example.COM ', 'no-at', 'a@b', 'a@b.c', long(250) + '@b.c', 'a b@c.d', '  '],
      password: ['short', long(256), long(257), '        ', 'abc\u0000defgh', 12345678],
      name: [' Ada ', '   ', long(100), long(101)],
      clientAddress: strings(100),
      userAgent: strings(512),
    },
  ),
  SignInRequest: variants(
    { email: 'ada@example.com', password: 'x', remember: true, deviceToken: 'd', clientAddress: '1.2.3.4' },
    {
      email: [' Ada@Example.COM ', long(254), long(255), '  '],
      password: [long(256), long(257)],
      remember: ['true', 1],
      deviceToken: strings(512),
    },
  ),
  RefreshSessionRequest: variants({ refreshToken: 't' }, { refreshToken: strings(512) }),
  SignOutRequest: variants({ refreshToken: 't' }, { refreshToken: strings(512) }),
  OidcStatusRequest: empty(),
  StartOidcRequest: variants({ redirectUri: 'http://x/cb', remember: false }, { redirectUri: strings(2048) }),
  FinishOidcRequest: variants(
    { callbackUrl: 'http://x/cb?code=1', userAgent: 'u' },
    { callbackUrl: strings(8192) },
  ),
  RequestPasswordResetRequest: variants(
    { email: 'a@b.co', resetUrl: 'http://x/reset' },
    { email: [' A@B.CO', 'bad'], resetUrl: strings(2048) },
  ),
  CompletePasswordResetRequest: variants(
    { token: 't', newPassword: 'long enough' },
    { newPassword: ['short', '       x'], token: strings(512) },
  ),
  GetCurrentUserRequest: empty(),
  UpdateProfileRequest: variants(
    { name: 'Ada', bio: 'b' },
    { name: [' Ada ', '  ', long(101)], bio: strings(500) },
  ),
  UpdatePreferencesRequest: variants(
    { theme: 'dark', defaultModel: 'auto' },
    { theme: ['light', 'blue'], defaultModel: ['gpt-4o', 'nope', 'gpt-4o-mini'] },
  ),
  UpdateNotificationsRequest: variants(
    { emailNotifications: true, newFeatures: false, marketingEmails: true, conversationSummaries: false },
    {},
  ),
  ChangePasswordRequest: variants(
    { currentPassword: 'old', newPassword: 'long enough', keepSessionId: 's1' },
    {
      currentPassword: strings(256),
      newPassword: ['short'],
      keepSessionId: strings(100),
    },
  ),
  DeleteAccountRequest: variants(
    { startBy: '2026-01-01T00:00:00Z' },
    { startBy: ['2026-01-01', 'x', '2026-02-30T00:00:00Z'] },
  ),
  EnsureMemoryGraphRequest: empty(),
  NotifyUserRequest: variants({ subject: 'S', text: 'T' }, { subject: strings(200), text: strings(5000) }),
  GetPortalSettingsRequest: empty(),
  UpdatePortalSettingsRequest: variants(
    {
      displayName: 'Acme',
      logoUrl: 'https://a.example/logo.png',
      color: '#aabbcc',
      frameOrigins: ['https://app.example'],
    },
    {
      displayName: strings(80),
      logoUrl: [
        'http://a.example/x.png',
        'https://' + long(2040),
        'https://' + long(2050),
        'data:x',
        'https://a b',
      ],
      color: ['#ABCDEF', '#abc', 'red', '#aabbccd'],
      frameOrigins: [
        ['http://localhost:3000'],
        ['https://a.example/path'],
        ['x'],
        [long(300)],
        Array(21).fill('https://a.example'),
        Array(20).fill('https://a.example'),
        ['https://a.example', 5],
        [''],
        [null],
        'https://a.example',
        Array(21).fill(5),
        ['*'],
      ],
    },
  ),
  RecordPortalActionRequest: variants(
    {
      id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      endUserId: 'e1',
      action: 'viewed',
      memoryId: 'm1',
      memoryCount: 3,
    },
    {
      id: ['not-a-uuid', '3F1C2B4A-5D6E-4F70-8A9B-0C1D2E3F4A5B', '00000000-0000-0000-0000-000000000000'],
      endUserId: strings(200),
      action: ['forgot', 'exported', 'nope'],
      memoryId: strings(200),
      memoryCount: [0, 2.5, '3'],
    },
  ),
  ListPortalAuditRequest: variants(
    { endUserId: 'e1', limit: 10, offset: 0 },
    {
      endUserId: strings(200),
      limit: [0, 100, 101, 200, 201, 2.5],
      offset: [1_000_000, 1_000_001, 10_000_000, 2.5],
    },
  ),
  // chat
  ListChatModelsRequest: empty(),
  ChatHistoryItem: variants(
    { role: 'user', content: 'hi' },
    { role: ['assistant', 'system', 'tool', 'User'], content: strings(32000) },
  ),
  SendChatTurnRequest: variants(
    { message: 'hello', model: 'm', conversationId: 'c1', mode: 'chat', system: 's', endUserId: 'e' },
    {
      message: [...strings(32000), '   '],
      model: strings(200),
      conversationId: strings(100),
      history: [
        [{ role: 'user', content: 'a' }],
        [{ role: 'x', content: 5 }],
        [{ role: 'user', content: 'a', zz: 1 }],
        [5],
        [null],
        [[]],
        Array(200).fill({ role: 'user', content: 'a' }),
        Array(201).fill({ role: 'user', content: 'a' }),
        Array(201).fill(5),
        [{ role: 'user', content: long(32001) }],
      ],
      mode: ['search', 'other'],
      system: strings(32000),
      endUserId: strings(200),
      agentId: strings(200),
      runId: strings(200),
    },
  ),
  ListConversationsRequest: variants(
    { limit: 10, offset: 0, endUserId: 'e' },
    {
      limit: [0, 100, 101, 2.5, '5'],
      offset: [1_000_000_000, 1_000_000_001, 0.5],
      endUserId: strings(200),
      agentId: strings(200),
      runId: strings(200),
    },
  ),
  ConversationIdRequest: variants(
    { conversationId: 'c1', agentId: 'a' },
    { conversationId: strings(100), endUserId: strings(200) },
  ),
  DeleteConversationMessageRequest: variants(
    { conversationId: 'c1', messageId: 'm1', runId: 'r' },
    { conversationId: strings(100), messageId: strings(100), endUserId: strings(200) },
  ),
  DeleteEndUserConversationsRequest: variants({ endUserId: 'e' }, { endUserId: strings(200) }),
  SharedConversationRequest: variants({ token: 't' }, { token: strings(256) }),
  RenameConversationRequest: variants(
    { conversationId: 'c1', title: 'T', endUserId: 'e' },
    { title: [...strings(200), '  '], conversationId: strings(100) },
  ),
  WebSearchRequest: variants(
    { query: 'q', numResults: 5, summarize: true, model: 'm' },
    { query: strings(400), numResults: [0, 20, 21, 2.5], model: strings(200) },
  ),
  TestProviderKeyRequest: [
    ...variants(
      { provider: 'openai', apiKey: 'sk', baseUrl: 'http://localhost:1/v1' },
      {
        provider: ['anthropic', 'gemini', 'openai-compatible', 'x'],
        apiKey: strings(512),
        baseUrl: ['ftp://x.y', 'localhost', 'https://a.b', 'http://' + long(2041), 'https://a_b.c'],
        providerKeyId: ['pk1', ...strings(100)],
      },
    ),
    ...variants({ providerKeyId: 'pk1' }, { providerKeyId: strings(100), apiKey: ['k', null, 5] }),
  ],
  ExtractFactsRequest: variants(
    { text: 'I live in Paris', source: 'chat' },
    { text: strings(20000), source: ['file', 'api', 'nope'] },
  ),
  LearnFactsFromFileRequest: variants(
    { text: 't', uploadId: 'u1', fileName: 'f.txt', chunkIndex: 0, endUserId: 'e' },
    {
      text: strings(20000),
      uploadId: strings(100),
      fileName: strings(255),
      chunkIndex: [0, 3, -1, 2.5, -0.5, '1'],
      agentId: strings(200),
    },
  ),
  SummarizeDocumentRequest: variants(
    { title: 'T', text: 'x' },
    { title: strings(255), text: strings(100000) },
  ),
  ClassifySpecialCategoriesRequest: variants(
    { sentences: ['a'] },
    {
      sentences: [
        [long(50000)],
        [long(50001)],
        [5],
        [null],
        ['a', 5],
        'a',
        long(50001),
        Array(100).fill('a'),
        Array(101).fill('a'),
        Array(101).fill(5),
        [[]],
      ],
    },
  ),
  MessageToLearnFrom: variants(
    { role: 'user', content: 'hi' },
    { role: ['assistant', 'system', 'tool'], content: strings(20000) },
  ),
  LearnFactsFromMessagesRequest: variants(
    { messages: [{ role: 'user', content: 'I live in Paris' }], metadata: { a: 1 }, endUserId: 'e' },
    {
      messages: [
        [{ role: 'x', content: 5 }],
        [{ role: 'user', content: 'a', zz: 1 }],
        [5],
        [[]],
        Array(100).fill({ role: 'user', content: 'a' }),
        Array(101).fill({ role: 'user', content: 'a' }),
        [{ role: 'user' }, { content: 'x' }],
      ],
      metadata: [[1], 'x'],
      expirationDate: ['2026-01-01', '2026-01-01T00:00:00Z', 'tomorrow', '2026-13-01'],
      runId: strings(200),
    },
  ),
  QueueLearnFactsFromMessagesRequest: variants(
    { messages: [{ role: 'user', content: 'I live in Paris' }], requestKey: 'k:1' },
    {
      requestKey: ['a b', long(100), long(101), 'a.b_c:d-e'],
      messages: [[5], Array(101).fill(5)],
      expirationDate: ['x'],
      endUserId: strings(200),
    },
  ),
  LearningJobRequest: variants(
    { jobId: 'lrn_' + '0'.repeat(32) },
    { jobId: ['lrn_' + 'g'.repeat(32), 'lrn_' + '0'.repeat(33), 'x'] },
  ),
  // memory scope, categories, broadcasts
  MemoryScopeFields: variants({ endUserId: 'e', agentId: 'a', runId: 'r' }, { endUserId: strings(200) }),
  ListMemoryCategoriesRequest: empty(),
  CreateMemoryCategoryRequest: variants(
    { name: 'travel-plans', description: 'Trips' },
    {
      name: ['Travel', '1abc', 'personal', 'work', 'a'.repeat(40), 'a'.repeat(41), 'a_b-c', ' x'],
      description: [...strings(300), '   ', ' ok '],
    },
  ),
  MemoryCategoryNameRequest: variants({ name: 'x' }, { name: strings(200) }),
  UpdateMemoryCategoryRequest: variants(
    { name: 'x', description: 'd' },
    { name: strings(200), description: [...strings(300), '  '] },
  ),
  DeleteMemoryCategoryRequest: variants({ name: 'x' }, { name: strings(200) }),
  ClassifyMemoryCategoriesRequest: variants(
    { texts: ['a'] },
    {
      texts: [
        [],
        [long(20000)],
        [long(20001)],
        [5],
        'a',
        Array(100).fill('a'),
        Array(101).fill('a'),
        Array(101).fill(null),
        [[]],
      ],
    },
  ),
  MemoryChangedEvent: variants(
    { userId: 'u1', endUserId: 'e', memoryIds: ['m1'], change: 'created', at: '2026-01-01T00:00:00Z' },
    {
      userId: strings(100),
      endUserId: ['', 'x'],
      memoryIds: [[], ['a', 5], 'a', [null], [[]]],
      change: ['updated', 'deleted', 'closed', 'opened'],
      at: ['x', ''],
    },
  ),
  UploadChangedEvent: variants(
    { userId: 'u1', uploadId: 'up1', state: 'done', percent: 100 },
    {
      userId: strings(100),
      uploadId: strings(100),
      state: ['receiving', 'queued', 'failed', 'gone'],
      percent: [0, 101, 2.5, -1],
    },
  ),
  // data export
  StartDataExportRequest: empty(),
  LatestDataExportRequest: empty(),
  DataExportIdRequest: variants(
    { exportId: '0'.repeat(32) },
    { exportId: ['0'.repeat(31), 'g'.repeat(32), '0'.repeat(33), 'A'.repeat(32)] },
  ),
  ReadDataExportPartRequest: variants(
    { exportId: '0'.repeat(32), index: 0 },
    { exportId: ['x'], index: [1_000_000, 1_000_001, 0.5, '1'] },
  ),
};
