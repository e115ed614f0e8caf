import { Inject, Injectable } from '@nestjs/common';
import {
  type ChatModelListView,
  type ChatModelView,
  ChatMessages,
  LLM_PROVIDER_LABELS,
  type LlmProviderId,
  type ModelProviderSource,
  type ResolvedProviderKey,
} from '@membolt/contracts';
import { unknownModel } from '../chat.errors.js';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import { buildCatalogue, type CatalogueEntry } from '../domain/model-catalogue.js';
import type { LlmCredentials } from '../providers/llm-provider.js';
import { USER_PROVIDER_KEYS, type UserProviderKeys } from '../ports/user-provider-keys.js';

/** The credentials a user's call to one provider uses, and whose they are. */
export interface ProviderAccess {
  readonly credentials: LlmCredentials;
  readonly source: ModelProviderSource;
}

/** Which providers one user can reach: their own keys first (they pay for them), then the operator's. */
export class ProviderAccessMap {
  constructor(
    private readonly userKeys: readonly ResolvedProviderKey[],
    private readonly operator: readonly LlmCredentials[],
  ) {}

  get(provider: LlmProviderId): ProviderAccess | null {
    const own = this.userKeys.find((key) => key.provider === provider);
    // An OpenAI-compatible key is useless without the server it belongs to.
    if (own && (provider !== 'openai-compatible' || own.baseUrl)) {
      return { credentials: { provider, apiKey: own.apiKey, baseUrl: own.baseUrl }, source: 'user' };
    }
    const operator = this.operator.find((credentials) => credentials.provider === provider);
    return operator ? { credentials: operator, source: 'operator' } : null;
  }

  get none(): boolean {
    return this.userKeys.length === 0 && this.operator.length === 0;
  }
}

/** The model catalogue of the server and what each user can use of it. */
@Injectable()
export class ModelCatalogueService {
  private readonly catalogue: readonly CatalogueEntry[];
  private readonly byId: ReadonlyMap<string, CatalogueEntry>;

  constructor(
    @Inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @Inject(USER_PROVIDER_KEYS) private readonly userProviderKeys: UserProviderKeys,
  ) {
    this.catalogue = buildCatalogue(settings);
    this.byId = new Map(this.catalogue.map((entry) => [entry.id, entry]));
  }

  /** The model a turn asked for (the default when none); an unknown id is a validation error. */
  model(id: string | undefined): CatalogueEntry {
    const entry = this.byId.get(id ?? this.settings.defaultModelId);
    if (!entry) throw unknownModel(id ?? this.settings.defaultModelId);
    return entry;
  }

  /** The model asked for (the default when none) and how this user reaches its provider (null: nobody configured it). */
  async reach(
    userId: string,
    id: string | undefined,
  ): Promise<{ readonly model: CatalogueEntry; readonly reach: ProviderAccess | null }> {
    const model = this.model(id);
    return { model, reach: (await this.access(userId)).get(model.provider) };
  }

  async access(userId: string): Promise<ProviderAccessMap> {
    return new ProviderAccessMap(await this.userProviderKeys.resolve(userId), this.settings.providers);
  }

  async list(userId: string): Promise<ChatModelListView> {
    const access = await this.access(userId);
    const models: ChatModelView[] = this.catalogue.map((entry) => {
      const reach = access.get(entry.provider);
      return {
        id: entry.id,
        label: entry.label,
        provider: entry.provider,
        inChatList: entry.inChatList,
        inSettingsList: entry.inSettingsList,
        isDefault: entry.id === this.settings.defaultModelId,
        available: reach !== null,
        unavailableReason: reach
          ? null
          : ChatMessages.providerNotConfigured(LLM_PROVIDER_LABELS[entry.provider]),
        providerSource: reach?.source ?? null,
        contextWindow: entry.contextWindow,
      };
    });
    return {
      models,
      defaultModelId: this.settings.defaultModelId,
      offline: models.every((m) => !m.available),
    };
  }
}
