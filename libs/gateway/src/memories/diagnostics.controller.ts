import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { MemorySubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { ContractValidationPipe } from '@membolt/platform';
import { performance } from 'node:perf_hooks';
import { GatewayController } from '../gateway-controller.decorator.js';
import { type SystemStatus, SystemStatusService } from '../system-status.service.js';
import {
  DiagnosticResponse,
  EmptyBody,
  EmptyBodySchema,
  NoQuery,
  NoQuerySchema,
  TextBody,
  TextBodySchema,
} from './memory.dto.js';

const elapsedSince = (started: number): number => Math.round((performance.now() - started) * 100) / 100;

/**
 * `/api/test/*` (docs/requirements/rest-gateway.md, Routes): read-only checks an operator turns on with
 * GATEWAY_DIAGNOSTICS=true. Registered only then, so they are a 404 `route_not_found` otherwise. They need a key
 * and only ever read the key owner's data.
 */
@ApiTags('diagnostics')
@GatewayController('test')
export class DiagnosticsController {
  constructor(
    private readonly bus: BusClient,
    private readonly status: SystemStatusService,
  ) {}

  @Post('memory')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Embeds the text and searches your memories with it; stores nothing.',
  })
  @ApiBody({ type: TextBody, examples: { text: { value: { text: 'diagnostic probe' } } } })
  @ApiOkResponse({ type: DiagnosticResponse })
  async memory(
    @Body(new ContractValidationPipe(TextBodySchema)) body: TextBody,
  ): Promise<DiagnosticResponse> {
    const started = performance.now();
    const embedding = await this.bus.request(MemorySubjects.generateEmbedding, { text: body.text });
    const search = await this.bus.request(MemorySubjects.search, { query: body.text, limit: 1 });
    return {
      ok: true,
      check: 'memory',
      ms: elapsedSince(started),
      details: {
        dimension: embedding.dimension,
        model: embedding.model,
        strategy: search.strategy,
        matches: search.count,
      },
    };
  }

  @Post('database')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reads your memory statistics from the store; changes nothing.' })
  @ApiBody({ type: EmptyBody, required: false })
  @ApiOkResponse({ type: DiagnosticResponse })
  async database(
    @Body(new ContractValidationPipe(EmptyBodySchema)) _body: EmptyBody,
  ): Promise<DiagnosticResponse> {
    const started = performance.now();
    const stats = await this.bus.request(MemorySubjects.stats, {});
    return {
      ok: true,
      check: 'database',
      ms: elapsedSince(started),
      details: { memory_count: stats.memoryCount },
    };
  }

  @Get('status')
  @ApiOperation({ summary: 'Version and health of every service (as GET /api/status), with your key.' })
  @ApiOkResponse({ description: '`status` is "ok" when every service answers, else "degraded".' })
  statusOf(@Query(new ContractValidationPipe(NoQuerySchema)) _query: NoQuery): Promise<SystemStatus> {
    return this.status.status();
  }
}
