import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow } from 'class-validator';

const CATEGORIES = {
  type: 'array' as const,
  items: { type: 'object' as const, additionalProperties: { type: 'string' as const } },
  example: [{ travel: 'Trips, flights and hotels' }],
};

/** `PATCH …/projects/{project_id}/` as mem0ai's updateProject sends it (snake_case). */
export class Mem0ProjectBody {
  @ApiPropertyOptional({
    ...CATEGORIES,
    description: 'The account’s custom categories, each {name: description}; replaces the current list.',
  })
  @Allow()
  custom_categories?: unknown;

  // Accepted for compatibility, no effect.
  @Allow() custom_instructions?: unknown;
  @Allow() agent_custom_instructions?: unknown;
}

export class Mem0ProjectResponse {
  @ApiProperty({ ...CATEGORIES, description: 'The account’s custom categories, each {name: description}.' })
  custom_categories!: Array<Record<string, string>>;
}
