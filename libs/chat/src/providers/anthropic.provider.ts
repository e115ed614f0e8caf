import type Anthropic from '@anthropic-ai/sdk';
import type { LlmCallPolicy, LlmChatRequest, LlmCredentials, LlmStreamEvent } from './llm-provider.js';
import { SdkLlmProvider } from './sdk-llm-provider.js';

/** Anthropic Messages through the official `@anthropic-ai/sdk`, streaming; the SDK's own retries are off. */
export class AnthropicProvider extends SdkLlmProvider<Anthropic> {
  constructor(credentials: LlmCredentials, policy: LlmCallPolicy) {
    super('anthropic', policy, async () => {
      const { default: AnthropicClient } = await import('@anthropic-ai/sdk');
      return new AnthropicClient({
        apiKey: credentials.apiKey,
        ...(credentials.baseUrl ? { baseURL: credentials.baseUrl } : {}),
        maxRetries: 0,
        timeout: policy.timeoutMs,
      });
    });
  }

  protected async *open(
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
