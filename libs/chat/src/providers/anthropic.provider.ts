import type Anthropic from '@anthropic-ai/sdk';
import type {
  LlmCallPolicy,
  LlmChatRequest,
  LlmCredentials,
  LlmProvider,
  LlmStreamEvent,
} from './llm-provider.js';
import { lazyClient } from '@membolt/platform';
import { streamWithRetries } from './provider-failures.js';

/** Anthropic Messages through the official `@anthropic-ai/sdk`, streaming; the SDK's own retries are off. */
export class AnthropicProvider implements LlmProvider {
  readonly id = 'anthropic' as const;
  /** The SDK loads on the first call (lazyClient): nothing pays for it at start-up. */
  private readonly client: () => Promise<Anthropic>;

  constructor(
    credentials: LlmCredentials,
    private readonly policy: LlmCallPolicy,
  ) {
    this.client = lazyClient(async () => {
      const { default: AnthropicClient } = await import('@anthropic-ai/sdk');
      return new AnthropicClient({
        apiKey: credentials.apiKey,
        ...(credentials.baseUrl ? { baseURL: credentials.baseUrl } : {}),
        maxRetries: 0,
        timeout: policy.timeoutMs,
      });
    });
  }

  stream(request: LlmChatRequest, signal?: AbortSignal): AsyncIterable<LlmStreamEvent> {
    return streamWithRetries(
      this.id,
      request.model,
      this.policy,
      this.client,
      (client, attempt) => this.open(client, request, attempt),
      signal,
    );
  }

  private async *open(
    client: Anthropic,
    request: LlmChatRequest,
    signal: AbortSignal,
  ): AsyncGenerator<LlmStreamEvent> {
    // Anthropic has no JSON-schema answer mode here: the extraction prompt itself asks for the JSON.
    const stream = await client.messages.create(
      {
        model: request.model,
        max_tokens: request.maxOutputTokens,
        system: request.system,
        messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
        stream: true,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
      },
      { signal },
    );
    let inputTokens = 0;
    let outputTokens = 0;
    for await (const event of stream) {
      switch (event.type) {
        case 'message_start':
          inputTokens = event.message.usage.input_tokens;
          outputTokens = event.message.usage.output_tokens;
          break;
        case 'content_block_delta':
          if (event.delta.type === 'text_delta' && event.delta.text)
            yield { type: 'text', text: event.delta.text };
          break;
        case 'message_delta':
          outputTokens = event.usage.output_tokens;
          break;
        case 'content_block_start':
        case 'content_block_stop':
        case 'message_stop':
          break;
      }
    }
    yield { type: 'usage', inputTokens, outputTokens };
  }
}
