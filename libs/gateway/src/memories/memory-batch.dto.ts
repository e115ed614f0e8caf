import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength, ValidateNested } from 'class-validator';
import { ENTITY_ID_MAX_LENGTH, MEMORY_BATCH_MAX, type MemoryCategoryValue } from '@membolt/contracts';
import { MemoryDeletionResponse, MemoryResponse, MemoryScopeQuery } from './memory.dto.js';
import {
  CATEGORY_VALUE_SCHEMA,
  IsCategory,
  IsImportance,
  IsMemoryText,
  IsMetadata,
  IsOptionalNotNull,
} from './memory-rest.validators.js';

/*
 * `PUT` and `DELETE /api/user/{userId}/memories/batch`: up to MEMORY_BATCH_MAX memories changed or deleted in
 * one call, each on its own (one missing id does not stop the others), answered item by item.
 */

const IsBatchOf = (what: string): PropertyDecorator => {
  const decorators = [
    IsArray({ message: `${what} must be an array` }),
    ArrayMinSize(1, { message: `${what} must hold at least 1 item` }),
    ArrayMaxSize(MEMORY_BATCH_MAX, { message: `${what} must hold at most ${MEMORY_BATCH_MAX} items` }),
  ];
  return (target, key) => decorators.forEach((decorator) => decorator(target, key));
};

export class MemoryUpdateItem {
  @ApiProperty({ example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' })
  @IsString({ message: 'memory_id must be a string' })
  @MaxLength(ENTITY_ID_MAX_LENGTH, {
    message: `memory_id must be at most ${ENTITY_ID_MAX_LENGTH} characters`,
  })
  memory_id!: string;

  @ApiPropertyOptional({ example: 'I moved to Porto in June 2026.' })
  @IsOptionalNotNull()
  @IsMemoryText()
  text?: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true, description: 'Replaces the metadata.' })
  @IsOptionalNotNull()
  @IsMetadata()
  metadata?: Record<string, unknown>;

  @ApiPropertyOptional({ minimum: 0, maximum: 1 })
  @IsOptionalNotNull()
  @IsImportance()
  importance?: number;

  @ApiPropertyOptional(CATEGORY_VALUE_SCHEMA)
  @IsOptionalNotNull()
  @IsCategory()
  category?: MemoryCategoryValue;
}

export class BatchUpdateBody extends MemoryScopeQuery {
  @ApiProperty({ type: [MemoryUpdateItem], minItems: 1, maxItems: MEMORY_BATCH_MAX })
  @IsBatchOf('memories')
  @ValidateNested({ each: true })
  @Type(() => MemoryUpdateItem)
  memories!: MemoryUpdateItem[];
}

export class BatchDeleteBody extends MemoryScopeQuery {
  @ApiProperty({ type: [String], minItems: 1, maxItems: MEMORY_BATCH_MAX })
  @IsBatchOf('memory_ids')
  @IsString({ each: true, message: 'memory_ids must hold strings' })
  @MaxLength(ENTITY_ID_MAX_LENGTH, {
    each: true,
    message: `memory_ids must hold ids of at most ${ENTITY_ID_MAX_LENGTH} characters`,
  })
  memory_ids!: string[];
}

const BATCH_ITEM_STATUSES = ['updated', 'deleted', 'not_found', 'invalid'] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

export class BatchItemResponse {
  @ApiProperty({ example: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73' })
  memory_id!: string;

  @ApiProperty({
    enum: BATCH_ITEM_STATUSES,
    description:
      'updated / deleted: done; not_found: no such memory in this scope (nothing changed); invalid: the ' +
      'change was refused (`message` says why; nothing changed).',
  })
  status!: BatchItemStatus;

  @ApiPropertyOptional({ type: MemoryResponse, description: 'After an update: the memory as it is now.' })
  memory?: MemoryResponse;

  @ApiPropertyOptional({ type: MemoryDeletionResponse, description: 'After a delete: its receipt.' })
  receipt?: MemoryDeletionResponse;

  @ApiPropertyOptional({ description: 'The error code, when not done.', example: 'not_found' })
  error?: string;

  @ApiPropertyOptional({ description: 'Why, when not done.', example: 'Memory not found' })
  message?: string;
}

export class BatchResponse {
  @ApiProperty({ type: [BatchItemResponse], description: 'One result per item, in the order sent.' })
  results!: BatchItemResponse[];

  @ApiProperty({ description: 'Items done (updated or deleted).', example: 2 })
  succeeded!: number;

  @ApiProperty({ description: 'Items not done.', example: 0 })
  failed!: number;
}
