import { Injectable } from '@nestjs/common';
import {
  ChatSubjects,
  LEARNING_JOB_ID_PATTERN,
  type LearningJobView,
  MEMORY_MESSAGES_METADATA_MAX_LENGTH,
  MemorySubjects,
  METERED_ENDPOINTS,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { meteredInScope } from '@membolt/edge';
import {
  asyncWithoutInference,
  invalidIdempotencyKey,
  learningJobNotFound,
  messagesMetadataTooLarge,
} from '../gateway.errors.js';
import type { MemoryScopeQuery } from './memory.dto.js';
import type { AddMessagesBody, LearnedMemoriesResponse } from './memory-messages.dto.js';
import { toLearnFactsRequest, toVerbatimMessagesRequest } from './memory.requests.js';
import { MEMORY_BULK_TIMEOUT_MS } from './memory-transfer.service.js';
import { toLearnedMemoriesResponse, toVerbatimMemoriesResponse } from './memory.views.js';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,100}$/;

/**
 * Meters a learning from messages as the chat call it is (a model reads the conversation): the edge's meter
 * for its principal. Absent, the caller meters the call itself (the MCP tool) or it is not metered.
 */
export type MeterLearning = <T>(work: () => Promise<T>) => Promise<T>;

/** The REST edges' meter: learning is a chat call of the request's metering scope (decision 121). */
export const meterLearningAsChat: MeterLearning = (work) => meteredInScope(METERED_ENDPOINTS.chat, work);

export type MessagesOutcome =
  | { readonly kind: 'done'; readonly answer: LearnedMemoriesResponse }
  | { readonly kind: 'queued'; readonly job: LearningJobView };

/**
 * An add with `messages`, for every REST edge that offers one (the native API and the Mem0-compatible one):
 * learnt by the chat service's fact learning (at once, or as a durable job with `async`), or stored as given.
 */
@Injectable()
export class MemoryLearningService {
  constructor(private readonly bus: BusClient) {}

  async add(
    query: MemoryScopeQuery,
    body: AddMessagesBody,
    idempotencyKey?: string,
    meter: MeterLearning = (work) => work(),
  ): Promise<MessagesOutcome> {
    if (body.metadata && JSON.stringify(body.metadata).length > MEMORY_MESSAGES_METADATA_MAX_LENGTH) {
      throw messagesMetadataTooLarge();
    }
    if (body.infer === false) {
      if (body.async === true) throw asyncWithoutInference();
      const request = toVerbatimMessagesRequest(query, body);
      return {
        kind: 'done',
        answer: toVerbatimMemoriesResponse(
          request
            ? await this.bus.request(MemorySubjects.createBatch, request, {
                timeoutMs: MEMORY_BULK_TIMEOUT_MS,
              })
            : null,
        ),
      };
    }
    if (body.async === true) {
      if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey))
        throw invalidIdempotencyKey();
      const request = toLearnFactsRequest(query, body);
      // The job's payload is a store: the messages and metadata go in as the key's privacy policy lets them be
      // kept (a refused kind refuses the call before anything is queued).
      const screened = await this.bus.request(MemorySubjects.screenTexts, {
        texts: request.messages.map((message) => message.content),
        ...(request.metadata !== undefined ? { metadata: { ...request.metadata } } : {}),
      });
      const job = await meter(() =>
        this.bus.request(ChatSubjects.queueLearnFactsFromMessages, {
          ...request,
          messages: request.messages.map((message, index) => ({
            ...message,
            content: screened.texts[index] ?? message.content,
          })),
          ...(screened.metadata !== undefined ? { metadata: screened.metadata } : {}),
          ...(idempotencyKey !== undefined ? { requestKey: idempotencyKey } : {}),
        }),
      );
      return { kind: 'queued', job };
    }
    const learned = await meter(() =>
      this.bus.request(ChatSubjects.learnFactsFromMessages, toLearnFactsRequest(query, body), {
        timeoutMs: MEMORY_BULK_TIMEOUT_MS,
      }),
    );
    return { kind: 'done', answer: toLearnedMemoriesResponse(learned) };
  }

  job(jobId: string): Promise<LearningJobView> {
    if (!LEARNING_JOB_ID_PATTERN.test(jobId)) throw learningJobNotFound();
    return this.bus.request(ChatSubjects.learningJob, { jobId });
  }
}
