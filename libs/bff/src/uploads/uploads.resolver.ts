import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BusClient } from '@membolt/bus';
import { IngestionSubjects, UPLOAD_LIST_DEFAULT_LIMIT } from '@membolt/contracts';
import { CurrentUser } from '../session/current-user.decorator.js';
import type { SessionUser } from '../session/session.guard.js';
import {
  BeginUploadInput,
  UploadDeletionReceiptModel,
  UploadModel,
  UploadPageModel,
} from './uploads.models.js';

/**
 * The signed-in user's files (the chat's upload, the Memories screen's Files tab). A file is sent in parts
 * of at most 512 KB (base64), so no request needs a larger body than any other GraphQL call; the ingestion
 * service validates everything (413, 415, another user's upload NOT_FOUND).
 */
@Resolver(() => UploadModel)
export class UploadsResolver {
  constructor(private readonly bus: BusClient) {}

  @Query(() => UploadPageModel, { description: 'The uploads, newest first.' })
  async uploads(
    @CurrentUser() user: SessionUser,
    @Args('limit', { type: () => Int, defaultValue: UPLOAD_LIST_DEFAULT_LIMIT }) limit: number,
    @Args('offset', { type: () => Int, defaultValue: 0 }) offset: number,
  ): Promise<UploadPageModel> {
    return this.bus.request(IngestionSubjects.list, { limit, offset }, { userId: user.userId });
  }

  @Query(() => UploadModel, { description: "One upload's state and progress." })
  async upload(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<UploadModel> {
    return this.bus.request(IngestionSubjects.get, { uploadId: id }, { userId: user.userId });
  }

  @Mutation(() => UploadModel, { description: 'Opens an upload; send its parts, then completeUpload.' })
  async beginUpload(
    @CurrentUser() user: SessionUser,
    @Args('input') input: BeginUploadInput,
  ): Promise<UploadModel> {
    const request = {
      fileName: input.fileName,
      fileSize: input.fileSize,
      ...(input.fileType ? { fileType: input.fileType } : {}),
    };
    return this.bus.request(IngestionSubjects.begin, request, { userId: user.userId });
  }

  @Mutation(() => Int, {
    description: 'Stores part `index` (base64, at most 512 KB decoded); answers its bytes.',
  })
  async uploadPart(
    @CurrentUser() user: SessionUser,
    @Args('uploadId', { type: () => ID }) uploadId: string,
    @Args('index', { type: () => Int }) index: number,
    @Args('data') data: string,
  ): Promise<number> {
    const part = await this.bus.request(
      IngestionSubjects.part,
      { uploadId, index, data },
      { userId: user.userId },
    );
    return part.bytes;
  }

  @Mutation(() => UploadModel, {
    description: 'Checks the file (size, type by content) and queues its processing.',
  })
  async completeUpload(
    @CurrentUser() user: SessionUser,
    @Args('uploadId', { type: () => ID }) uploadId: string,
  ): Promise<UploadModel> {
    return this.bus.request(IngestionSubjects.complete, { uploadId }, { userId: user.userId });
  }

  @Mutation(() => UploadDeletionReceiptModel, {
    description: 'Deletes the upload, every memory made from it and the stored file.',
  })
  async deleteUpload(
    @CurrentUser() user: SessionUser,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<UploadDeletionReceiptModel> {
    return this.bus.request(IngestionSubjects.delete, { uploadId: id }, { userId: user.userId });
  }
}
