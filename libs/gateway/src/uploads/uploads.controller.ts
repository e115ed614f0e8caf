import { Body, Delete, Get, HttpCode, Param, Post, Query, Res, type PipeTransform } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
  ApiUnsupportedMediaTypeResponse,
} from '@nestjs/swagger';
import { BusClient } from '@membolt/bus';
import {
  ENTITY_ID_MAX_LENGTH,
  IngestionSubjects,
  UPLOAD_LIST_DEFAULT_LIMIT,
  type UploadView,
} from '@membolt/contracts';
import { ContractValidationPipe } from '@membolt/platform';
import type { EdgeReply } from '@membolt/edge';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { MemoryScopeQuery, MemoryScopeQuerySchema } from '../memories/memory.dto.js';
import { toScope } from '../memories/memory.requests.js';
import { UploadRelay } from './upload-relay.service.js';
import {
  ListUploadsQuery,
  ListUploadsQuerySchema,
  UploadAcceptedResponse,
  UploadBase64Body,
  UploadBase64BodySchema,
  UploadBase64Query,
  UploadBase64QuerySchema,
  UploadDeletionResponse,
  UploadListResponse,
  UploadResponse,
  UploadStateResponse,
} from './uploads.dto.js';
import { uploadNotFound } from '../gateway.errors.js';

const BAD_INPUT = {
  type: ApiErrorResponse,
  description: 'validation_error: the message names the problem.',
} as const;
const NOT_FOUND = {
  type: ApiErrorResponse,
  description: 'not_found: no upload of yours has this id in this scope (end_user_id, agent_id, run_id).',
} as const;

/** An upload id in the path: one longer than any issued id names no upload (404). */
class UploadIdPipe implements PipeTransform<string, string> {
  transform(id: string): string {
    if (id.length > ENTITY_ID_MAX_LENGTH) throw uploadNotFound();
    return id;
  }
}

function toUploadStateResponse(u: UploadView): UploadStateResponse {
  return {
    id: u.id,
    file_name: u.fileName,
    file_type: u.fileType,
    kind: u.kind,
    size: u.size,
    state: u.state,
    percent: u.percent,
    pages: u.pages,
    chunks: u.chunks,
    summary: u.summary,
    memory_id: u.summaryMemoryId,
    error: u.error,
    end_user_id: u.endUserId,
    agent_id: u.agentId,
    run_id: u.runId,
    created_at: u.createdAt,
    updated_at: u.updatedAt,
  };
}

const statusUrl = (id: string): string => `/api/uploads/${encodeURIComponent(id)}`;

/** Files that become memories: upload, follow, list, delete. */
@ApiTags('uploads')
@ApiServiceUnavailableResponse({ type: ApiErrorResponse, description: 'service_unavailable' })
@GatewayController()
export class UploadsController {
  constructor(
    private readonly bus: BusClient,
    private readonly relay: UploadRelay,
  ) {}

  @Post('upload_base64')
  @ApiOperation({
    summary: 'Uploads a file (PDF, DOCX, DOC, TXT, Markdown, JPG, PNG, GIF) whose text becomes memories.',
    description:
      'The type is decided by the content. The text is extracted (OCR for images), chunked, stored as memories ' +
      'and summarised; the answer waits for that (up to GATEWAY_UPLOAD_WAIT_MS) and carries the summary and the ' +
      "summary memory's id. Longer, or with `async=true`, it is 202 with the upload id and a status URL. " +
      'With `end_user_id` (and `agent_id`, `run_id`; body fields or query parameters) the memories and the facts ' +
      "the file teaches belong to that end user, never to the account's own; the upload is then found only in " +
      'that scope.',
  })
  @ApiBody({ type: UploadBase64Body })
  @ApiOkResponse({ type: UploadResponse })
  @ApiAcceptedResponse({ type: UploadAcceptedResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  @ApiPayloadTooLargeResponse({
    type: ApiErrorResponse,
    description: 'payload_too_large: over UPLOAD_MAX_BYTES',
  })
  @ApiUnsupportedMediaTypeResponse({
    type: ApiErrorResponse,
    description: 'unsupported_file_type (the detected type is named)',
  })
  @ApiUnprocessableEntityResponse({
    type: ApiErrorResponse,
    description: 'unreadable_file: encrypted, damaged, or no text',
  })
  async upload(
    @Body(new ContractValidationPipe(UploadBase64BodySchema)) body: UploadBase64Body,
    @Query(new ContractValidationPipe(UploadBase64QuerySchema)) query: UploadBase64Query,
    @Res({ passthrough: true }) res: EdgeReply,
  ): Promise<UploadResponse | UploadAcceptedResponse> {
    const outcome = await this.relay.upload(body, toScope(query, body), query.async === true);
    const u = outcome.upload;
    if (outcome.kind === 'done') {
      res.status(200);
      return {
        summary: u.summary ?? '',
        memory_id: u.summaryMemoryId ?? '',
        upload_id: u.id,
        kind: u.kind ?? '',
        chunks: u.chunks ?? 0,
        pages: u.pages,
      };
    }
    res.status(202).header('Location', statusUrl(u.id));
    return { upload_id: u.id, status: u.state, percent: u.percent, status_url: statusUrl(u.id) };
  }

  @Get('uploads')
  @ApiOperation({
    summary: 'Your uploads, newest first (name, type, size, pages, chunks, state, date).',
    description:
      "Without `end_user_id` the account's own uploads; with it only that end user's (narrowed by `agent_id` and " +
      '`run_id` when given).',
  })
  @ApiOkResponse({ type: UploadListResponse })
  @ApiBadRequestResponse(BAD_INPUT)
  async list(
    @Query(new ContractValidationPipe(ListUploadsQuerySchema)) query: ListUploadsQuery,
  ): Promise<UploadListResponse> {
    const page = await this.bus.request(IngestionSubjects.list, {
      ...toScope(query),
      limit: query.limit ?? UPLOAD_LIST_DEFAULT_LIMIT,
      offset: query.offset ?? 0,
    });
    return {
      uploads: page.uploads.map(toUploadStateResponse),
      limit: page.limit,
      offset: page.offset,
      count: page.uploads.length,
      total_count: page.totalCount,
    };
  }

  @Get('uploads/:id')
  @ApiOperation({
    summary: "An upload's state: queued, extracting, chunking, embedding, summarising, done or failed.",
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: UploadStateResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async get(
    @Param('id', UploadIdPipe) id: string,
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<UploadStateResponse> {
    return toUploadStateResponse(
      await this.bus.request(IngestionSubjects.get, { ...toScope(query), uploadId: id }),
    );
  }

  @Delete('uploads/:id')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Deletes an upload, every memory made from it (with its concepts) and the stored file.',
  })
  @ApiParam({ name: 'id' })
  @ApiOkResponse({ type: UploadDeletionResponse })
  @ApiNotFoundResponse(NOT_FOUND)
  async delete(
    @Param('id', UploadIdPipe) id: string,
    @Query(new ContractValidationPipe(MemoryScopeQuerySchema)) query: MemoryScopeQuery,
  ): Promise<UploadDeletionResponse> {
    const receipt = await this.bus.request(IngestionSubjects.delete, { ...toScope(query), uploadId: id });
    return {
      deleted: true,
      upload_id: receipt.uploadId,
      memories_deleted: receipt.memoriesDeleted,
      file_deleted: receipt.fileDeleted,
    };
  }
}
