import { ApiProperty } from '@nestjs/swagger';
import { accepted, queryDoc, restQueryType } from '../common/rest-query.js';

const CATEGORIES = {
  type: 'array' as const,
  items: { type: 'object' as const, additionalProperties: { type: 'string' as const } },
  example: [{ travel: 'Trips, flights and hotels' }],
};

const projectBody = {
  custom_categories: accepted().meta(
    queryDoc(Object, {
      ...CATEGORIES,
      description: 'The account’s custom categories, each {name: description}; replaces the current list.',
    }),
  ),
};
/**
 * `PATCH …/projects/{project_id}/` as mem0ai's updateProject sends it (snake_case): its document. The route
 * reads `custom_categories` itself (wantedCategories checks the whole list); `custom_instructions` and
 * `agent_custom_instructions` are accepted for compatibility, no effect.
 */
export const Mem0ProjectBody = restQueryType('Mem0ProjectBody', projectBody);
export type Mem0ProjectBody = {
  readonly custom_categories?: unknown;
  readonly custom_instructions?: unknown;
  readonly agent_custom_instructions?: unknown;
};

export class Mem0ProjectResponse {
  @ApiProperty({ ...CATEGORIES, description: 'The account’s custom categories, each {name: description}.' })
  custom_categories!: Array<Record<string, string>>;
}
