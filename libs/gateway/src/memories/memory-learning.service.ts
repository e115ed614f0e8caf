import { Injectable } from '@nestjs/common';
import {
  ChatSubjects,
  LEARNING_JOB_ID_PATTERN,
  type LearningJobView,
  MEMORY_MESSAGES_METADATA_MAX_LENGTH,
  MemorySubjects,
} from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
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
      // The job's payload is a store: the messages go in as the key's privacy policy lets them be kept.
      const screened = await this.bus.request(MemorySubjects.screenTexts, {
        texts: request.messages.map((message) => message.content),
      });
      const job = await this.bus.request(ChatSubjects.queueLearnFactsFromMessages, {
        ...request,
        messages: request.messages.map((message, index) => ({
          ...message,
          content: screened.texts[index] ?? message.content,
        })),
        ...(idempotencyKey !== undefined ? { requestKey: idempotencyKey } : {}),
      });
      return { kind: 'queued', job };
    }
    return {
      kind: 'done',
      answer: toLearnedMemoriesResponse(
        await this.bus.request(ChatSubjects.learnFactsFromMessages, toLearnFactsRequest(query, body), {
          timeoutMs: MEMORY_BULK_TIMEOUT_MS,
        }),
      ),
    };
  }

  job(jobId: string): Promise<LearningJobView> {
    if (!LEARNING_JOB_ID_PATTERN.test(jobId)) throw learningJobNotFound();
    return this.bus.request(ChatSubjects.learningJob, { jobId });
  }
}
