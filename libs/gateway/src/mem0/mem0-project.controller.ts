import { Body, Get, Param, Patch } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { BusClient } from '@membolt/bus';
import {
  CommonError,
  CommonErrorCode,
  CreateMemoryCategoryRequest,
  CUSTOM_MEMORY_CATEGORIES_MAX,
  MemoryMessages,
  MemorySubjects,
  validatePayload,
} from '@membolt/contracts';
import { type ApiKeyPrincipal, CurrentApiKey } from '../auth/api-key-principal.js';
import { AcceptsTokenAuthorization } from '../auth/token-authorization.decorator.js';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { apiKeyOfAnotherUser } from '../gateway.errors.js';
import { Mem0ProjectBody, Mem0ProjectResponse } from './mem0-project.dto.js';

const OTHER_PROJECT = {
  type: ApiErrorResponse,
  description: 'api_key_foreign_user: the organisation or project is not the key’s account.',
} as const;

/** Mem0's `custom_categories`: a list of one-entry objects, `{name: description}`. */
type Mem0Categories = Array<Record<string, string>>;

const invalid = (message: string): CommonError => new CommonError(CommonErrorCode.ValidationError, message);

/** The categories a PATCH asks for, each checked by the rules of a new category; nothing is changed yet. */
function wantedCategories(value: unknown): Map<string, string> {
  if (!Array.isArray(value)) throw invalid('custom_categories must be a list of {name: description} objects');
  if (value.length > CUSTOM_MEMORY_CATEGORIES_MAX) throw invalid(MemoryMessages.tooManyCategories);
  const wanted = new Map<string, string>();
  for (const [index, item] of value.entries()) {
    const entries =
      typeof item === 'object' && item !== null && !Array.isArray(item) ? Object.entries(item) : [];
    const [entry] = entries;
    if (entries.length !== 1 || !entry)
      throw invalid(`custom_categories[${index}] must be one {name: description} object`);
    const request = validatePayload(CreateMemoryCategoryRequest, { name: entry[0], description: entry[1] });
    if (wanted.has(request.name)) throw invalid(`custom_categories names "${request.name}" twice`);
    wanted.set(request.name, request.description);
  }
  return wanted;
}

/**
 * Mem0's project calls as the `mem0ai` client makes them (getProject, updateProject), for its
 * `custom_categories`: Mem0's organisation and project are the key's account (ping's `org_id` and
 * `project_id`), and its custom categories are the account's (decision 159). Other project fields are
 * accepted and have no effect.
 */
@ApiTags('mem0')
@GatewayController('mem0/api/v1/orgs/organizations')
@AcceptsTokenAuthorization()
export class Mem0ProjectController {
  constructor(private readonly bus: BusClient) {}

  @Get(':orgId/projects/:projectId')
  @ApiOperation({ summary: 'Mem0 getProject: the account’s custom categories as custom_categories.' })
  @ApiParam({ name: 'orgId', description: 'The key’s account (ping’s org_id).' })
  @ApiParam({ name: 'projectId', description: 'The key’s account (ping’s project_id).' })
  @ApiOkResponse({ type: Mem0ProjectResponse })
  @ApiForbiddenResponse(OTHER_PROJECT)
  async get(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Param('orgId') orgId: string,
    @Param('projectId') projectId: string,
  ): Promise<Mem0ProjectResponse> {
    ownAccount(principal, orgId, projectId);
    return { custom_categories: await this.current() };
  }

  @Patch(':orgId/projects/:projectId')
  @ApiOperation({
    summary: 'Mem0 updateProject: custom_categories replaces the account’s custom categories.',
    description:
      'Names the list leaves out are deleted (their memories become uncategorised), new ones added, changed ' +
      'descriptions updated. The whole list is checked before anything changes.',
  })
  @ApiParam({ name: 'orgId', description: 'The key’s account (ping’s org_id).' })
  @ApiParam({ name: 'projectId', description: 'The key’s account (ping’s project_id).' })
  @ApiBody({ type: Mem0ProjectBody })
  @ApiOkResponse({ type: Mem0ProjectResponse })
  @ApiBadRequestResponse({
    type: ApiErrorResponse,
    description: 'validation_error naming the category and rule',
  })
  @ApiForbiddenResponse(OTHER_PROJECT)
  async update(
    @CurrentApiKey() principal: ApiKeyPrincipal,
    @Param('orgId') orgId: string,
    @Param('projectId') projectId: string,
    @Body() body: Mem0ProjectBody,
  ): Promise<Mem0ProjectResponse> {
    ownAccount(principal, orgId, projectId);
    const given = typeof body === 'object' && body !== null ? body.custom_categories : undefined;
    if (given === undefined) return { custom_categories: await this.current() };
    const wanted = wantedCategories(given);
    const { categories } = await this.bus.request(MemorySubjects.listCategories, {});
    // Deletes first, so a list that swaps categories at the limit fits.
    for (const held of categories) {
      if (!wanted.has(held.name)) await this.bus.request(MemorySubjects.deleteCategory, { name: held.name });
    }
    for (const [name, description] of wanted) {
      const held = categories.find((category) => category.name === name);
      if (!held) await this.bus.request(MemorySubjects.createCategory, { name, description });
      else if (held.description !== description)
        await this.bus.request(MemorySubjects.updateCategory, { name, description });
    }
    return { custom_categories: await this.current() };
  }

  private async current(): Promise<Mem0Categories> {
    const { categories } = await this.bus.request(MemorySubjects.listCategories, {});
    return categories.map((category) => ({ [category.name]: category.description }));
  }
}

function ownAccount(principal: ApiKeyPrincipal, orgId: string, projectId: string): void {
  if (orgId !== principal.userId || projectId !== principal.userId) throw apiKeyOfAnotherUser();
}
