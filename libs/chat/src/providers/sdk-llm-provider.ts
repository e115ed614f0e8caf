import type { LlmProviderId } from '@membolt/contracts';
import { lazyClient } from '@membolt/platform';
import type { LlmCallPolicy, LlmChatRequest, LlmProvider, LlmStreamEvent } from './llm-provider.js';
import { withRetries } from './provider-failures.js';

/**
 * A provider reached through its official SDK: the SDK loads on the first call (lazyClient), so nothing
 * pays for it at start-up, and it loads before the first attempt, so loading never counts against the
 * provider's timeout. Each attempt is `open` under the retry policy shared by every provider.
 */
export abstract class SdkLlmProvider<Client> implements LlmProvider {
  private readonly client: () => Promise<Client>;

  protected constructor(
    readonly id: LlmProviderId,
    private readonly policy: LlmCallPolicy,
    load: () => Promise<Client>,
  ) {
    this.client = lazyClient(load);
  }

  async *stream(request: LlmChatRequest, signal?: AbortSignal): AsyncGenerator<LlmStreamEvent> {
    const client = await this.client();
    yield* withRetries(
      this.id,
      request.model,
      this.policy,
      (attempt) => this.open(client, request, attempt),
      signal,
    );
  }

  /** One attempt: the provider's streamed answer, stopped when `signal` aborts. */
  protected abstract open(
    client: Client,
    request: LlmChatRequest,
    signal: AbortSignal,
  ): AsyncIterable<LlmStreamEvent>;
}
