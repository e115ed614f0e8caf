import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { type LearningJobView, MemorySubjects, validatePayload } from '@membolt/contracts';
import { textAndMessages } from '../gateway.errors.js';
import { CreateMemoryBodySchema, type MemoryScopeQuery, type StoredMemoryResponse } from './memory.dto.js';
import {
  AddMessagesBodySchema,
  isMessagesBody,
  type LearnedMemoriesResponse,
} from './memory-messages.dto.js';
import { MemoryLearningService, type MeterLearning } from './memory-learning.service.js';
import { toCreateMemoryRequest } from './memory.requests.js';
import { toStoredMemoryResponse } from './memory.views.js';

/** What an add answered: `created` is false for a deduplicated text or messages that created no memory. */
export type MemoryAddOutcome =
  | { readonly kind: 'memory'; readonly created: boolean; readonly answer: StoredMemoryResponse }
  | { readonly kind: 'events'; readonly created: boolean; readonly answer: LearnedMemoriesResponse }
  | { readonly kind: 'queued'; readonly job: LearningJobView };

/**
 * Adds to the memories of a scope from a raw body: `text` (stored, deduplicated unless `dedupe: false`), or
 * `messages` (learnt with the chat's fact learning, at once or as a durable job with `async`, or stored as said
 * with `infer: false`). The REST route and the MCP tool share it, so both validate, learn and answer alike.
 */
@Injectable()
export class MemoryAddService {
  constructor(
    private readonly bus: BusClient,
    private readonly learning: MemoryLearningService,
  ) {}

  async add(
    query: MemoryScopeQuery,
    raw: unknown,
    idempotencyKey?: string,
    meter?: MeterLearning,
  ): Promise<MemoryAddOutcome> {
    if (!isMessagesBody(raw)) {
      const body = validatePayload(CreateMemoryBodySchema, raw);
      const stored = await this.bus.request(MemorySubjects.create, toCreateMemoryRequest(query, body));
      return { kind: 'memory', created: !stored.deduplicated, answer: toStoredMemoryResponse(stored) };
    }
    if (Object.hasOwn(raw as object, 'text')) {
      throw textAndMessages();
    }
    const outcome = await this.learning.add(
      query,
      validatePayload(AddMessagesBodySchema, raw),
      idempotencyKey,
      meter,
    );
    if (outcome.kind === 'queued') return outcome;
    const { answer } = outcome;
    return { kind: 'events', created: answer.results.some((result) => result.event === 'ADD'), answer };
  }
}
