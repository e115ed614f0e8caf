// A tour of @membolt/sdk, as an installed package sees it: each area of the API once. The tarball test
// (apps/standalone/e2e/sdk-tarball.e2e-spec.ts) installs the packed SDK in a scratch project, type-checks this
// file there and runs it against the standalone product; it prints one JSON line the test reads.
//
//   MEMBOLT_URL=http://localhost:3000/api MEMBOLT_API_KEY=mblt_... WEBHOOK_URL=https://example.com/hook node tour.js
// eslint-disable-next-line @nx/enforce-module-boundaries -- an installed package is imported by its name, as a user's code does
import {
  type ChatStreamEvent,
  MemboltApiError,
  MemboltAuthError,
  MemboltClient,
  MemboltNotFoundError,
  MemboltValidationError,
} from '@membolt/sdk';

const baseUrl = process.env['MEMBOLT_URL'] ?? 'http://localhost:3000/api';
const apiKey = process.env['MEMBOLT_API_KEY'] ?? '';
const webhookUrl = process.env['WEBHOOK_URL'] ?? 'https://example.com/membolt-hook';

const client = new MemboltClient({ apiKey, baseUrl, logger: null });
const userId = await client.initialize();

// Memories: one stored as given, one conversation learnt from, for an end user of your app.
const stored = await client.addMemory('I live in Lisbon.', { topic: 'home' }, undefined, { importance: 0.8 });
const learned = await client.learn({
  messages: [{ role: 'user', content: 'My favourite colour is green.' }],
  end_user_id: 'customer-42',
});
const batch = await client.addMemories([{ text: 'I work at Acme.' }, { text: 'I play the cello.' }]);
const updated = await client.updateMemories([{ memory_id: stored.id, importance: 0.9 }]);

// Search: hybrid, then with Mem0's filter syntax in a body.
const search = await client.searchMemories('where do I live?', 5);
const filtered = await client.searchMemoriesWithFilters({
  query: 'colour',
  filters: { AND: [{ user_id: 'customer-42' }] },
});
const page = await client.listMemories({ limit: 5, sort: 'recent' });
const stats = await client.getMemoryStats();

// Chat: whole, then streamed token by token.
const answer = await client.chat({ message: 'Where do I live?' });
let streamed = '';
const kinds: ChatStreamEvent['type'][] = [];
for await (const event of client.chatStream({
  message: 'Where do I live?',
  conversationId: answer.conversation_id,
})) {
  kinds.push(event.type);
  if (event.type === 'token') streamed += event.data.text;
}
const conversations = await client.listConversations();

// Export, then import into an end user's scope; importing the same file again changes nothing.
const exported = await client.exportMemories();
const imported = await client.importMemories(exported, { end_user_id: 'customer-7' });
const importedAgain = await client.importMemories(exported, { end_user_id: 'customer-7' });

// Uploads: a text file becomes memories.
const upload = await client.uploadFile({
  fileName: 'notes.txt',
  fileType: 'text/plain',
  data: new TextEncoder().encode('I was born in Porto. My sister is called Ana.'),
});
const uploads = await client.listUploads();

// End users, usage.
const endUsers = await client.listEndUsers();
const usage = await client.getUsage();

// Webhooks: an endpoint, its secret (shown once), its delivery log, a redelivery.
const webhook = await client.createWebhook({ url: webhookUrl, events: ['memory.created'] });
await client.addMemory('I like sardines.');
let deliveries = await client.listWebhookDeliveries(webhook.id);
for (let tries = 0; deliveries.deliveries.length === 0 && tries < 120; tries++) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  deliveries = await client.listWebhookDeliveries(webhook.id);
}
const first = deliveries.deliveries[0];
const redelivered = first ? await client.redeliverWebhook(webhook.id, first.id) : null;
const paused = await client.updateWebhook(webhook.id, { enabled: false });
const webhooks = await client.listWebhooks();
await client.deleteWebhook(webhook.id);

// Errors are typed: catch by class, read the server's code and status.
const describe = (error: unknown) =>
  error instanceof MemboltApiError
    ? { class: error.name, status: error.status, code: error.code }
    : { class: 'unexpected', message: String(error) };
const caught: Record<string, unknown> = {};
try {
  await client.getMemory('no-such-memory');
} catch (error) {
  if (error instanceof MemboltNotFoundError) caught['notFound'] = describe(error);
  else throw error;
}
try {
  await client.searchMemories('x', 0);
} catch (error) {
  if (error instanceof MemboltValidationError) caught['invalid'] = describe(error);
  else throw error;
}
try {
  const stranger = new MemboltClient({ apiKey: 'mblt_not-a-real-key', baseUrl, userId, logger: null });
  await stranger.initialize(); // with a userId given, no call is made: the refusal comes from the list
  await stranger.listMemories();
} catch (error) {
  caught['badKey'] = error instanceof MemboltAuthError ? describe(error) : { wrongClass: describe(error) };
}

console.log(
  JSON.stringify({
    userId,
    stored: stored.text,
    learned: learned.results.map((event) => event.event),
    batch: batch.count,
    updated: updated.succeeded,
    searchTop: search.count > 0 && 'results' in search ? search.results[0]?.text : null,
    filtered: filtered.results.map((result) => result.end_user_id),
    listed: page.count,
    memoryCount: stats.memory_count,
    answered: answer.text.length > 0,
    streamed: streamed.length > 0,
    kinds: [...new Set(kinds)],
    conversations: conversations.total_count,
    imported: imported.imported,
    importedAgain: importedAgain.imported,
    skippedAgain: importedAgain.skipped,
    uploaded: 'summary' in upload ? upload.upload_id : upload.status,
    uploads: uploads.total_count,
    endUsers: endUsers.end_users.map((endUser) => endUser.end_user_id),
    usageFrom: typeof usage.from,
    webhookSecret: webhook.secret.length > 0,
    delivered: first?.event ?? null,
    redelivered: redelivered?.id === first?.id,
    paused: paused.enabled,
    webhooks: webhooks.webhooks.length,
    caught,
  }),
);
