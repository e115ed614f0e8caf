import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChatError, type SpecialCategoriesView } from '@membolt/contracts';
import {
  parseSpecialCategoryAnswer,
  SPECIAL_CATEGORY_ANSWER_SCHEMA,
  SPECIAL_CATEGORY_SYSTEM_PROMPT,
  SpecialCategoryAnswerError,
  specialCategoryUserPrompt,
} from '@membolt/privacy';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import { completeText } from '../providers/llm-provider.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { ModelCatalogueService } from './model-catalogue.service.js';

/**
 * The longest a classification may take: it holds up a memory write. Below the memory service's wait for the
 * answer, so a slow provider is reported as such rather than as a bus timeout.
 */
const SPECIAL_CATEGORY_TIMEOUT_MS = 8_000;
/** Room for one short list per sentence. */
const OUTPUT_TOKENS_PER_SENTENCE = 12;
const MIN_OUTPUT_TOKENS = 64;

/**
 * The GDPR special categories of sentences by the user's default model (the privacy policy's model classifier):
 * the user's own key first, then the operator's, as the chat does. Answers why not instead (no model reachable,
 * background model use off, the provider failed or timed out, the answer broke the format), so the memory
 * service falls back to its offline classifier; nothing is stored here.
 */
@Injectable()
export class SpecialCategoryClassifierService {
  private readonly logger = new Logger(SpecialCategoryClassifierService.name);

  constructor(
    @Inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @Inject(LLM_PROVIDER_FACTORY) private readonly providers: LlmProviderFactory,
    private readonly catalogue: ModelCatalogueService,
  ) {}

  async classify(
    userId: string,
    sentences: readonly string[],
    timeoutMs: number = SPECIAL_CATEGORY_TIMEOUT_MS,
  ): Promise<SpecialCategoriesView> {
    if (this.settings.extraction !== 'auto')
      return unavailable('background model use is off (CHAT_EXTRACTION=rules)');
    const { model, reach } = await this.catalogue.reach(userId, undefined);
    if (!reach) return unavailable(`no provider is configured for ${model.id}`);
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      const answer = await completeText(
        this.providers(reach.credentials),
        {
          model: model.providerModel,
          system: SPECIAL_CATEGORY_SYSTEM_PROMPT,
          messages: [{ role: 'user', content: specialCategoryUserPrompt(sentences) }],
          maxOutputTokens: Math.max(MIN_OUTPUT_TOKENS, sentences.length * OUTPUT_TOKENS_PER_SENTENCE),
          temperature: 0,
          jsonSchema: { name: 'special_categories', schema: SPECIAL_CATEGORY_ANSWER_SCHEMA },
        },
        deadline,
      );
      return {
        categories: parseSpecialCategoryAnswer(answer.text, sentences.length),
        model: model.id,
        unavailable: null,
      };
    } catch (error) {
      const reason = deadline.aborted
        ? `no answer within ${timeoutMs} ms`
        : error instanceof ChatError || error instanceof SpecialCategoryAnswerError
          ? error.message
          : null;
      if (reason === null) throw error;
      this.logger.warn(`Special-category classification by ${model.id} failed: ${reason}`);
      return unavailable(`${model.id}: ${reason}`);
    }
  }
}

const unavailable = (reason: string): SpecialCategoriesView => ({
  categories: null,
  model: null,
  unavailable: reason,
});
