import {
  CHAT_MODEL_IDS,
  type CatalogueModel,
  type LlmProviderId,
  MODEL_CATALOGUE,
  SETTINGS_MODEL_IDS,
} from '@membolt/contracts';

/** One model the service can be asked for: the built-in catalogue, with the operator's mappings and additions. */
export interface CatalogueEntry extends Omit<CatalogueModel, 'id'> {
  readonly id: string;
  readonly inChatList: boolean;
  readonly inSettingsList: boolean;
}

export interface CatalogueOptions {
  readonly modelMap: Readonly<Record<string, string>>;
  readonly compatibleModels: readonly string[];
  readonly compatibleContextWindow: number;
}

const chatIds = new Set<string>(CHAT_MODEL_IDS);
const settingsIds = new Set<string>(SETTINGS_MODEL_IDS);

/**
 * The built-in catalogue (the spec's chat and settings lists) with each provider model id the operator
 * remapped, then the operator's OpenAI-compatible models (offered in the chat picker, priced at 0: the
 * operator runs them).
 */
export function buildCatalogue(options: CatalogueOptions): CatalogueEntry[] {
  const builtIn = MODEL_CATALOGUE.map((model) => ({
    ...model,
    providerModel: options.modelMap[model.id] ?? model.providerModel,
    inChatList: chatIds.has(model.id),
    inSettingsList: settingsIds.has(model.id),
  }));
  const taken = new Set<string>(builtIn.map((model) => model.id));
  const compatible = options.compatibleModels
    .filter((id) => !taken.has(id))
    .map((id) => ({
      id,
      label: id,
      provider: 'openai-compatible' as LlmProviderId,
      providerModel: options.modelMap[id] ?? id,
      contextWindow: options.compatibleContextWindow,
      maxOutputTokens: Math.min(2048, Math.floor(options.compatibleContextWindow / 4)),
      inputPricePerMillion: 0,
      outputPricePerMillion: 0,
      inChatList: true,
      inSettingsList: false,
    }));
  return [...builtIn, ...compatible];
}

/** Estimated cost of a call in integer micro-dollars (prices are dollars per million tokens). */
export function costMicroUsd(model: CatalogueEntry, inputTokens: number, outputTokens: number): number {
  return Math.round(inputTokens * model.inputPricePerMillion + outputTokens * model.outputPricePerMillion);
}
