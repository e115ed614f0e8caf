import { Inject, Injectable } from '@nestjs/common';
import {
  ChatError,
  LLM_PROVIDER_LABELS,
  type LlmProviderId,
  MODEL_CATALOGUE,
  type ProviderKeyTestView,
  type TestProviderKeyRequest,
} from '@membolt/contracts';
import { baseUrlRequired, providerKeyNotFound } from '../chat.errors.js';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import { KEY_TEST_REQUEST, KEY_TEST_SYSTEM_PROMPT } from '../prompts.js';
import { completeText, type LlmCredentials } from '../providers/llm-provider.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { USER_PROVIDER_KEYS, type UserProviderKeys } from '../ports/user-provider-keys.js';

/** The cheapest model of each provider: the test asks it for one token. */
const TEST_MODELS: Readonly<Record<Exclude<LlmProviderId, 'openai-compatible'>, string>> = {
  anthropic: MODEL_CATALOGUE.find((m) => m.id === 'claude-3-haiku')!.providerModel,
  openai: MODEL_CATALOGUE.find((m) => m.id === 'gpt-4.1-mini')!.providerModel,
  gemini: MODEL_CATALOGUE.find((m) => m.id === 'gemini-2.0-flash')!.providerModel,
};

/** "Test" of a language-model key in Settings: one cheap call (one token), its refusal in clear words. */
@Injectable()
export class ProviderKeyTesterService {
  constructor(
    @Inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @Inject(USER_PROVIDER_KEYS) private readonly userKeys: UserProviderKeys,
    @Inject(LLM_PROVIDER_FACTORY) private readonly providers: LlmProviderFactory,
  ) {}

  async test(userId: string, request: TestProviderKeyRequest): Promise<ProviderKeyTestView> {
    const credentials = await this.credentialsOf(userId, request);
    const model =
      credentials.provider === 'openai-compatible'
        ? (this.settings.compatibleModels[0] ?? 'default')
        : (this.settings.modelMap[credentials.provider] ?? TEST_MODELS[credentials.provider]);
    const provider = this.providers(credentials);
    try {
      await completeText(provider, {
        model,
        system: KEY_TEST_SYSTEM_PROMPT,
        messages: [{ role: 'user', content: KEY_TEST_REQUEST }],
        maxOutputTokens: 1,
      });
      return { ok: true, provider: credentials.provider, message: `Key works (${model} answered).`, model };
    } catch (error) {
      if (!(error instanceof ChatError)) throw error;
      return { ok: false, provider: credentials.provider, message: error.message, model };
    }
  }

  private async credentialsOf(userId: string, request: TestProviderKeyRequest): Promise<LlmCredentials> {
    if (request.providerKeyId) {
      const key = (await this.userKeys.resolve(userId)).find(
        (candidate) => candidate.id === request.providerKeyId,
      );
      if (!key) throw providerKeyNotFound();
      return { provider: key.provider, apiKey: key.apiKey, baseUrl: key.baseUrl };
    }
    const provider = request.provider!;
    if (provider === 'openai-compatible' && !request.baseUrl)
      throw baseUrlRequired(LLM_PROVIDER_LABELS[provider]);
    return { provider, apiKey: request.apiKey!, baseUrl: request.baseUrl ?? null };
  }
}
