import type { PipeTransform } from '@nestjs/common';
import { ENTITY_ID_MAX_LENGTH } from '@membolt/contracts';
import { conversationNotFound } from '../gateway.errors.js';

/** A conversation id in the path: one longer than any stored id cannot name a conversation, so it is 404. */
export class EntityIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (id.length > ENTITY_ID_MAX_LENGTH) throw conversationNotFound();
    return id;
  }
}
