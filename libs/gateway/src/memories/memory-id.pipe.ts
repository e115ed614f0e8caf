import type { PipeTransform } from '@nestjs/common';
import { ENTITY_ID_MAX_LENGTH, MEMORY_SCOPE_ID_MAX_LENGTH } from '@membolt/contracts';
import { endUserIdTooLong, memoryNotFound } from '../gateway.errors.js';

/** A memory id in the path: one longer than any stored id cannot name a memory, so it is 404 like any other. */
export class MemoryIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (id.length > ENTITY_ID_MAX_LENGTH) throw memoryNotFound();
    return id;
  }
}

/** The end user id of `DELETE …/end_users/{endUserId}`, checked by the rule of the scope fields. */
export class EndUserIdPipe implements PipeTransform<string, string> {
  transform(endUserId: string): string {
    if (endUserId.length > MEMORY_SCOPE_ID_MAX_LENGTH) throw endUserIdTooLong();
    return endUserId;
  }
}
