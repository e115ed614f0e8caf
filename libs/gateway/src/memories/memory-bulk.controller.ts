import { Body, Delete, Get, HttpCode, Param, Put, Query, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ContractValidationPipe } from '@membolt/platform';
import { type EdgeRequest, pathOf } from '@membolt/edge';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import {
  BatchDeleteBody,
  BatchDeleteBodySchema,
  BatchResponse,
  BatchUpdateBody,
  BatchUpdateBodySchema,
} from './memory-batch.dto.js';
import { MemoryBatchService } from './memory-batch.service.js';
import { MemoryScopeQuery, MemoryScopeQuerySchema, NoQuery, NoQuerySchema } from './memory.dto.js';
import { LearningJobResponse } from './memory-messages.dto.js';
import { MemoryLearningService } from './memory-learning.service.js';
import { toScope } from './memory.requests.js';
import { toLearningJobResponse } from './memory.views.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the field and the rule; nothing was changed.',
} as const;

/**
 * Batch update and delete, and the learning jobs of `async` adds. Registered before MemoriesController, whose
 * `…/memories/{id}` routes would otherwise take `batch` and `jobs` for memory ids.
 */
@ApiTags('memories')
@ApiParam({ name: 'userId', description: 'The owner of the API key (see GET /api/health).' })
@ApiServiceUnavailableResponse({
  type: ApiErrorResponse,
  description: 'service_unavailable: the memory service did not answer; retry after Retry-After.',
})
@GatewayController('user/:userId/memories')
export class MemoryBulkController {
  constructor(
    private readonly batches: MemoryBatchService,
    private readonly learning: MemoryLearningService,
  ) {}

  @Put('batch')
  @ApiOperation({
    summary: 'Changes up to 1,000 memories of the scope, each on its own; answers one result per item.',
    description:
      'Each item names a memory and the fields to change (text, metadata, importance, category). A missing ' +
      'id or a refused change is reported for that item (not_found, invalid) and the others still happen.',
  })
  @ApiBody({
    type: BatchUpdateBody,
    examples: {
      two: {
        value: {
          end_user_id: 'customer-42',
          memories: [
            { memory_id: '6f1c2a9e-3b7d-4e51-9a0c-2d8f4b6e1a73', text: 'Lives in Porto.' },
            { memory_id: '0b1e7c55-8d2f-4a9b-bb11-7e2c5d9f0a42', importance: 0.9 },
          ],
        },
      },
    },
  })
  @ApiOkResponse({ type: BatchResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async updateMany(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
    @Body(new ContractValidationPipe(BatchUpdateBodySchema)) body: BatchUpdateBody,
  ): Promise<BatchResponse> {
    const scope = toScope(query, body);
    return this.batches.updateMany(body.memories, () => Promise.resolve(scope));
  }

  @Delete('batch')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Deletes up to 1,000 memories of the scope, each with its receipt; answers one result per item.',
  })
  @ApiBody({ type: BatchDeleteBody })
  @ApiOkResponse({ type: BatchResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async deleteMany(
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
    @Body(new ContractValidationPipe(BatchDeleteBodySchema)) body: BatchDeleteBody,
  ): Promise<BatchResponse> {
    const scope = toScope(query, body);
    return this.batches.deleteMany(body.memory_ids, () => Promise.resolve(scope));
  }

  @Get('jobs/:jobId')
  @ApiOperation({
    summary: 'A learning queued by an `async` add: its state and, once done, the events it produced.',
  })
  @ApiParam({ name: 'jobId', description: 'The job_id of the 202 answer.' })
  @ApiOkResponse({ type: LearningJobResponse })
  @ApiNotFoundResponse({ type: ApiErrorResponse, description: 'not_found: no such job of this account.' })
  async job(
    @Param('jobId') jobId: string,
    @Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery,
    @Req() request: EdgeRequest,
  ): Promise<LearningJobResponse> {
    return toLearningJobResponse(await this.learning.job(jobId), pathOf(request));
  }
}
