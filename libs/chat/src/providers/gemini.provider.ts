import type { GoogleGenAI } from '@google/genai';
import type { LlmCallPolicy, LlmChatRequest, LlmCredentials, LlmStreamEvent } from './llm-provider.js';
import { SdkLlmProvider } from './sdk-llm-provider.js';

/** Google Gemini (generateContent, streamed over SSE) through the official `@google/genai` SDK. */
export class GeminiProvider extends SdkLlmProvider<GoogleGenAI> {
  constructor(credentials: LlmCredentials, policy: LlmCallPolicy) {
    super('gemini', policy, async () => {
      const { GoogleGenAI: GeminiClient } = await import('@google/genai');
      return new GeminiClient({
        apiKey: credentials.apiKey,
        // Pinned: the SDK picks another version for a custom base URL, and the streaming route is v1beta's.
        apiVersion: 'v1beta',
        httpOptions: {
          ...(credentials.baseUrl ? { baseUrl: credentials.baseUrl } : {}),
          timeout: policy.timeoutMs,
          // Our own fetch: without one the SDK reaches into undici's global dispatcher, which is not there in
          // every runtime (a VM context such as jest's). Timeouts are the policy's own (withRetries).
          fetch: (input, init) => fetch(input, init),
        },
      });
    });
  }

  protected async *open(
    client: GoogleGenAI,
    request: LlmChatRequest,
    signal: AbortSignal,
  ): AsyncGenerator<LlmStreamEvent> {
    const stream = await client.models.generateContentStream({
      model: request.model,
      contents: request.messages.map((message) => ({
        role: message.role === 'assistant' ? 'model' : 'user',
        parts: [{ text: message.content }],
      })),
      config: {
        systemInstruction: request.system,
        maxOutputTokens: request.maxOutputTokens,
        abortSignal: signal,
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        ...(request.jsonSchema
          ? { responseMimeType: 'application/json', responseJsonSchema: request.jsonSchema.schema }
          : {}),
      },
    });
    let inputTokens = 0;
    let outputTokens = 0;
    for await (const chunk of stream) {
      const text = chunk.text;
      if (text) yield { type: 'text', text };
      // Usage comes with the chunks, counted so far: the last one holds the totals.
      if (chunk.usageMetadata) {
        inputTokens = chunk.usageMetadata.promptTokenCount ?? inputTokens;
        outputTokens = chunk.usageMetadata.candidatesTokenCount ?? outputTokens;
      }
    }
    yield { type: 'usage', inputTokens, outputTokens };
  }
}
