import { Inject, Injectable, Logger } from '@nestjs/common';
import { ChatError } from '@membolt/contracts';
import { CHAT_SETTINGS, type ChatSettings } from '../chat.options.js';
import { DOCUMENT_SUMMARY_SYSTEM_PROMPT, documentSummaryRequest } from '../prompts.js';
import { completeText } from '../providers/llm-provider.js';
import { LLM_PROVIDER_FACTORY, type LlmProviderFactory } from '../providers/llm-provider.factory.js';
import { ModelCatalogueService } from './model-catalogue.service.js';

/** The part of a document the model reads (about 6,000 tokens): the start holds what a summary needs most. */
const DOCUMENT_SUMMARY_INPUT_CHARS = 24_000;
const SUMMARY_MAX_OUTPUT_TOKENS = 400;

export interface DocumentSummary {
  readonly summary: string;
  /** The catalogue model that wrote it. */
  readonly model: string;
}

/**
 * A document's summary by the language model (file ingestion): the default chat model, with the user's own
 * key first, then the operator's (as the chat does). Null when no model is reachable for the user, when
 * background model use is off (`CHAT_EXTRACTION=rules`), or when the provider fails: the caller then writes
 * an extractive summary, so an upload never fails for want of a model.
 */
@Injectable()
export class DocumentSummaryService {
  private readonly logger = new Logger(DocumentSummaryService.name);

  constructor(
    @Inject(CHAT_SETTINGS) private readonly settings: ChatSettings,
    @Inject(LLM_PROVIDER_FACTORY) private readonly providers: LlmProviderFactory,
    private readonly catalogue: ModelCatalogueService,
  ) {}

  async summarize(userId: string, title: string, text: string): Promise<DocumentSummary | null> {
    if (this.settings.extraction !== 'auto' || !text.trim()) return null;
    const { model, reach } = await this.catalogue.reach(userId, undefined);
    if (!reach) return null;
    try {
      const answer = await completeText(this.providers(reach.credentials), {
        model: model.providerModel,
        system: DOCUMENT_SUMMARY_SYSTEM_PROMPT,
        messages: [
          {
            role: 'user',
            content: documentSummaryRequest(title, text.slice(0, DOCUMENT_SUMMARY_INPUT_CHARS)),
          },
        ],
        maxOutputTokens: SUMMARY_MAX_OUTPUT_TOKENS,
        temperature: 0,
      });
      const summary = answer.text.trim();
      return summary ? { summary, model: model.id } : null;
    } catch (error) {
      // The provider refused or failed: the extractive summary stands in (the upload must not fail for it).
      if (!(error instanceof ChatError)) throw error;
      this.logger.warn(`Model summary of "${title}" failed, using the extractive summary: ${error.message}`);
      return null;
    }
  }
}
