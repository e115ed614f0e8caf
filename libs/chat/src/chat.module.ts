import { type DynamicModule, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';
import { JobsModule } from '@membolt/jobs';
import { CLOCK, type Clock, systemClock } from '@membolt/platform';
import { BusMemoryAccess } from './adapters/bus/bus-memory-access.js';
import { BusUserProviderKeys } from './adapters/bus/bus-user-provider-keys.js';
import { JobsFactExtractionQueue } from './adapters/jobs/jobs-fact-extraction.queue.js';
import { LearningJobsQueue } from './adapters/jobs/learning-jobs.queue.js';
import { ChatHandlers } from './chat.handlers.js';
import { RULE_FACTS } from './ports/rule-facts.js';
import { PROMPT_BUILDER } from './ports/prompt-builder.js';
import { CHAT_WORKER, ChatWorker } from './workers/chat-worker.js';
import {
  CHAT_SETTINGS,
  type ChatModuleOptions,
  type ChatSettings,
  resolveChatSettings,
} from './chat.options.js';
import { openChatStore } from './chat.store.js';
import { CHAT_STORE, type ChatStore } from './ports/chat-store.js';
import { FACT_EXTRACTION_QUEUE } from './ports/fact-extraction-queue.js';
import { MEMORY_ACCESS } from './ports/memory-access.js';
import { USER_PROVIDER_KEYS } from './ports/user-provider-keys.js';
import {
  createLlmProvider,
  LLM_PROVIDER_FACTORY,
  type LlmProviderFactory,
  reusingLlmProviders,
} from './providers/llm-provider.factory.js';
import { createWebSearchProvider } from './search/web-search.factory.js';
import { WEB_SEARCH_PROVIDER } from './search/web-search-provider.js';
import { ChatTurnService } from './services/chat-turn.service.js';
import { ConversationsService } from './services/conversations.service.js';
import { DocumentSummaryService } from './services/document-summary.service.js';
import { SpecialCategoryClassifierService } from './services/special-category-classifier.service.js';
import { FactLearningService } from './services/fact-learning.service.js';
import { TurnsUnderway } from './services/turns-underway.js';
import { ModelCatalogueService } from './services/model-catalogue.service.js';
import { ProviderKeyTesterService } from './services/provider-key-tester.service.js';
import { WebSearchService } from './services/web-search.service.js';

export interface ChatModuleTestingOverrides {
  readonly clock?: Clock;
}

/**
 * The chat service: the model catalogue, the turns (memories, prompt, provider or offline assistant,
 * streaming), the stored conversations, fact extraction as a durable job, web search.
 */
@Module({})
export class ChatModule implements OnApplicationShutdown {
  constructor(
    @Inject(CHAT_STORE) private readonly store: ChatStore,
    @Inject(CHAT_WORKER) private readonly worker: ChatWorker,
  ) {}

  static forRoot(options: ChatModuleOptions, overrides: ChatModuleTestingOverrides = {}): DynamicModule {
    const settings: ChatSettings = resolveChatSettings(options);
    const llmFactory: LlmProviderFactory = reusingLlmProviders((credentials) =>
      createLlmProvider(credentials, settings.llmPolicy),
    );
    return {
      module: ChatModule,
      imports: [JobsModule.forRoot({ service: 'chat', ...(options.jobs ? { config: options.jobs } : {}) })],
      controllers: [ChatHandlers, createHealthController('chat')],
      providers: [
        { provide: CHAT_SETTINGS, useValue: settings },
        { provide: CHAT_STORE, useFactory: () => openChatStore(options.store) },
        { provide: CLOCK, useValue: overrides.clock ?? systemClock },
        { provide: LLM_PROVIDER_FACTORY, useValue: llmFactory },
        { provide: CHAT_WORKER, useFactory: () => new ChatWorker(settings.worker) },
        { provide: RULE_FACTS, useExisting: CHAT_WORKER },
        { provide: PROMPT_BUILDER, useExisting: CHAT_WORKER },
        {
          provide: WEB_SEARCH_PROVIDER,
          useValue: settings.webSearch ? createWebSearchProvider(settings.webSearch) : null,
        },
        { provide: MEMORY_ACCESS, useClass: BusMemoryAccess },
        { provide: USER_PROVIDER_KEYS, useClass: BusUserProviderKeys },
        { provide: FACT_EXTRACTION_QUEUE, useExisting: JobsFactExtractionQueue },
        JobsFactExtractionQueue,
        LearningJobsQueue,
        ModelCatalogueService,
        TurnsUnderway,
        ChatTurnService,
        ConversationsService,
        FactLearningService,
        DocumentSummaryService,
        SpecialCategoryClassifierService,
        WebSearchService,
        ProviderKeyTesterService,
      ],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
    await this.store.close();
  }
}
