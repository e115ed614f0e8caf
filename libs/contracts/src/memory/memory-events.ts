import { IsArray, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/**
 * `memory.created.v1`, `memory.updated.v1`, `memory.deleted.v1`, `memory.closed.v1` (a fact got an end of
 * validity, e.g. "no longer"; it follows the update's event): broadcasts (every subscriber replica gets
 * them) for the graph, webhooks and caches. They carry ids, never the text.
 */
export class MemoryChangedEvent {
  @IsString()
  @MaxLength(100)
  userId!: string;

  @IsOptional()
  @IsString()
  endUserId?: string | null;

  @IsArray()
  @IsString({ each: true })
  memoryIds!: string[];

  @IsIn(['created', 'updated', 'deleted', 'closed'])
  change!: 'created' | 'updated' | 'deleted' | 'closed';

  @IsString()
  at!: string;
}
