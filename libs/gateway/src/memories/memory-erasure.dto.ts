import { optional } from '@membolt/contracts';
import { z } from 'zod';
import { queryDoc, restQueryType } from '../common/rest-query.js';
import { restObjectType, restObjectTypeOf } from '../common/rest-object-type.js';
import { MEMORY_SCOPE_QUERY_FIELDS, MemoryDeletionResponse, MemoryDeletionRestShape } from './memory.dto.js';
import type { EndUserErasure, MemoryErasure, MemorySource } from './memory-erasure.service.js';

const MEMORY_DELETE_CASCADES = ['source'] as const;

const deleteQuery = {
  cascade: optional(z.enum(MEMORY_DELETE_CASCADES, { error: 'cascade must be one of: source' })).meta(
    queryDoc(String, {
      enum: MEMORY_DELETE_CASCADES,
      description:
        '`source`: also delete what the memory was learnt from: the chat message, or the chunk of the uploaded ' +
        'file (its chunk memory).',
    }),
  ),
};
/** `DELETE …/memories/{id}`: the scope, and whether the memory's source goes too. */
export const DeleteMemoryQuerySchema = z.strictObject({ ...deleteQuery, ...MEMORY_SCOPE_QUERY_FIELDS });
export const DeleteMemoryQuery = restQueryType('DeleteMemoryQuery', {
  ...MEMORY_SCOPE_QUERY_FIELDS,
  ...deleteQuery,
});
export type DeleteMemoryQuery = z.output<typeof DeleteMemoryQuerySchema>;

/*
 * What a memory was learnt from and what a cascade deleted are the gateway's own findings (the erasure service
 * asks the chat and ingestion services), so their one definition is these schemas.
 */
const MemorySourceShape = z.object({
  kind: z.enum(['message', 'chunk', 'file']).meta({
    description: 'A chat message, a chunk of an uploaded file, or the file as a whole (its summary).',
  }),
  conversationId: z
    .string()
    .optional()
    .meta({ rest: { example: 'conv_0b7d…' } }),
  messageId: z
    .string()
    .optional()
    .meta({ rest: { example: 'msg_4c1e…' } }),
  uploadId: z
    .string()
    .optional()
    .meta({ rest: { example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' } }),
  fileName: z
    .string()
    .nullable()
    .optional()
    .meta({ rest: { example: 'cv.pdf' } }),
  chunkIndex: z
    .int()
    .optional()
    .meta({ rest: { example: 3 } }),
});
export const MemorySourceResponse = restObjectType('MemorySourceResponse', MemorySourceShape);
export type MemorySourceResponse = InstanceType<typeof MemorySourceResponse>;

const SourceDeletionShape = z.object({
  deleted: z.boolean().meta({
    description: 'False when the source was already gone, or the memory was the chunk itself.',
  }),
  memoryId: z.string().nullable().meta({ description: 'The chunk memory deleted with it, if any.' }),
});
export const SourceDeletionResponse = restObjectType('SourceDeletionResponse', SourceDeletionShape);
export type SourceDeletionResponse = InstanceType<typeof SourceDeletionResponse>;

export const MemoryErasureResponse = restObjectTypeOf<
  MemoryDeletionResponse & { source: MemorySourceResponse | null; source_deleted?: SourceDeletionResponse }
>(
  'MemoryErasureResponse',
  MemoryDeletionRestShape.extend({
    source: MemorySourceShape.nullable().meta({
      description: 'What the memory was learnt from; null for a memory written directly.',
    }),
    sourceDeleted: SourceDeletionShape.optional().meta({
      description: 'With cascade=source: what happened to the source.',
    }),
  }),
  { types: { source: () => MemorySourceResponse, sourceDeleted: () => SourceDeletionResponse } },
);
export type MemoryErasureResponse = InstanceType<typeof MemoryErasureResponse>;

/** An end user's erasure: a deletion receipt whose counts span every service. */
export const EndUserDeletionResponse = restObjectType(
  'EndUserDeletionResponse',
  MemoryDeletionRestShape.extend({
    removed: MemoryDeletionRestShape.shape.removed.meta({
      rest: {
        description:
          'What was removed, by kind, in every service: memories (and vectors, keyword_entries, versions, ' +
          'concept_links, concepts, relations), uploads, files, conversations, messages.',
        example: {
          memories: 14,
          vectors: 12,
          keyword_entries: 12,
          versions: 3,
          concept_links: 20,
          concepts: 6,
          relations: 2,
          uploads: 1,
          files: 0,
          conversations: 2,
          messages: 4,
        },
      },
    }),
  }),
);
export type EndUserDeletionResponse = InstanceType<typeof EndUserDeletionResponse>;

function toSourceResponse(source: MemorySource): MemorySourceResponse {
  switch (source.kind) {
    case 'message':
      return { kind: 'message', conversation_id: source.conversationId, message_id: source.messageId };
    case 'chunk':
      return {
        kind: 'chunk',
        upload_id: source.uploadId,
        file_name: source.fileName,
        chunk_index: source.chunkIndex,
      };
    case 'file':
      return { kind: 'file', upload_id: source.uploadId, file_name: source.fileName };
  }
}

export function toMemoryErasureResponse(
  erasure: MemoryErasure,
  deletion: MemoryDeletionResponse,
): MemoryErasureResponse {
  return {
    ...deletion,
    source: erasure.source ? toSourceResponse(erasure.source) : null,
    ...(erasure.sourceDeleted
      ? {
          source_deleted: {
            deleted: erasure.sourceDeleted.deleted,
            memory_id: erasure.sourceDeleted.memoryId,
          },
        }
      : {}),
  };
}

export type { EndUserErasure };
