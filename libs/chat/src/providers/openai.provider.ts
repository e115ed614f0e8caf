import type OpenAI from 'openai';
import type { LlmCallPolicy, LlmChatRequest, LlmCredentials, LlmStreamEvent } from './llm-provider.js';
import { SdkLlmProvider } from './sdk-llm-provider.js';

/**
 * OpenAI Chat Completions through the official `openai` SDK; with a base URL, any server speaking the same
 * protocol (Ollama, vLLM, LM Studio: `openai-compatible`). The SDK's own retries are off: the retry policy
 * is the same for every provider (provider-failures.ts).
 */
export class OpenAiProvider extends SdkLlmProvider<OpenAI> {
  constructor(
    credentials: LlmCredentials & { provider: 'openai' | 'openai-compatible' },
    policy: LlmCallPolicy,
  ) {
    super(credentials.provider, policy, async () => {
      const { default: OpenAIClient } = await import('openai');
      return new OpenAIClient({
        apiKey: credentials.apiKey,
        ...(credentials.baseUrl ? { baseURL: credentials.baseUrl } : {}),
        maxRetries: 0,
        timeout: policy.timeoutMs,
      });
    });
  }

  protected async *open(
    client: OpenAI,
    request: LlmChatRequest,
    signal: AbortSignal,
  ): AsyncGenerator<LlmStreamEvent> {
    const stream = await client.chat.completions.create(
      {
        model: request.model,
        messages: [{ role: 'system', content: request.system }, ...request.messages],
        max_tokens: request.maxOutputTokens,
        stream: true,
        stream_options: { include_usage: true },
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.jsonSchema
          ? {
              response_format: {
                type: 'json_schema' as const,
                json_schema: { name: request.jsonSchema.name, schema: { ...request.jsonSchema.schema } },
              },
            }
          : {}),
      },
      { signal },
    );
    for await (const chunk of stream) {
      const text = chunk.choices[0]?.delta?.content;
      if (text) yield { type: 'text', text };
      if (chunk.usage) {
        yield {
          type: 'usage',
          inputTokens: chunk.usage.prompt_tokens,
          outputTokens: chunk.usage.completion_tokens,
        };
      }
    }
  }
}
