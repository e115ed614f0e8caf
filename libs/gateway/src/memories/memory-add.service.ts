import { Injectable } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import {
  ChatSubjects,
  MEMORY_MESSAGES_METADATA_MAX_LENGTH,
  MemorySubjects,
  validatePayload,
} from '@membolt/contracts';
import { messagesMetadataTooLarge, textAndMessages } from '../gateway.errors.js';
import { CreateMemoryBody, type MemoryScopeQuery, type StoredMemoryResponse } from './memory.dto.js';
import { AddMessagesBody, isMessagesBody, type LearnedMemoriesResponse } from './memory-messages.dto.js';
import { toCreateMemoryRequest, toLearnFactsRequest, toVerbatimMessagesRequest } from './memory.requests.js';
import { MEMORY_BULK_TIMEOUT_MS } from './memory-transfer.service.js';
import {
  toLearnedMemoriesResponse,
  toStoredMemoryResponse,
  toVerbatimMemoriesResponse,
} from './memory.views.js';

/** What an add answered: `created` is false for a deduplicated text or messages that created no memory. */
export type MemoryAddOutcome =
  | { readonly kind: 'memory'; readonly created: boolean; readonly answer: StoredMemoryResponse }
  | { readonly kind: 'events'; readonly created: boolean; readonly answer: LearnedMemoriesResponse };

/**
 * Adds to the memories of a scope from a raw body: `text` (stored, deduplicated unless `dedupe: false`), or
 * `messages` (learnt with the chat's fact learning, or stored as said with `infer: false`). The REST route
 * and the MCP tool share it, so both validate, learn and answer alike.
 */
@Injectable()
export class MemoryAddService {
  constructor(private readonly bus: BusClient) {}

  async add(query: MemoryScopeQuery, raw: unknown): Promise<MemoryAddOutcome> {
    if (!isMessagesBody(raw)) {
      const body = validatePayload(CreateMemoryBody, raw);
      const stored = await this.bus.request(MemorySubjects.create, toCreateMemoryRequest(query, body));
      return { kind: 'memory', created: !stored.deduplicated, answer: toStoredMemoryResponse(stored) };
    }
    if (Object.hasOwn(raw as object, 'text')) {
      throw textAndMessages();
    }
    const body = validatePayload(AddMessagesBody, raw);
    if (body.metadata && JSON.stringify(body.metadata).length > MEMORY_MESSAGES_METADATA_MAX_LENGTH) {
      throw messagesMetadataTooLarge();
    }
    let answer: LearnedMemoriesResponse;
    if (body.infer === false) {
      const request = toVerbatimMessagesRequest(query, body);
      answer = toVerbatimMemoriesResponse(
        request
          ? await this.bus.request(MemorySubjects.createBatch, request, { timeoutMs: MEMORY_BULK_TIMEOUT_MS })
          : null,
      );
    } else {
      answer = toLearnedMemoriesResponse(
        await this.bus.request(ChatSubjects.learnFactsFromMessages, toLearnFactsRequest(query, body), {
          timeoutMs: MEMORY_BULK_TIMEOUT_MS,
        }),
      );
    }
    return { kind: 'events', created: answer.results.some((result) => result.event === 'ADD'), answer };
  }
}
