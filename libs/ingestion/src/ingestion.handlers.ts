import { MessagePattern } from '@nestjs/microservices';
import {
  BeginUploadRequest,
  DeleteEndUserUploadsRequest,
  DeleteUserDataRequest,
  type EndUserUploadsDeletionView,
  deleteUserDataSubject,
  IngestionSubjects,
  ListUploadsRequest,
  type UploadDeletionReceipt,
  UploadIdRequest,
  type UploadListView,
  UploadPartRequest,
  type UploadPartView,
  type UploadView,
  type UserDataDeletionView,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { DataExportService } from './data-exports/data-export.service.js';
import { IngestionService } from './ingestion.service.js';
import { toUploadView, toUserDataDeletionView } from './ingestion.views.js';

@BusController()
export class IngestionHandlers {
  constructor(
    private readonly ingestion: IngestionService,
    private readonly dataExports: DataExportService,
  ) {}

  @MessagePattern(IngestionSubjects.begin.name)
  async begin(
    @ActingUserId() userId: string,
    @BusPayload(BeginUploadRequest) request: BeginUploadRequest,
  ): Promise<UploadView> {
    return toUploadView(await this.ingestion.begin(userId, request));
  }

  @MessagePattern(IngestionSubjects.part.name)
  async part(
    @ActingUserId() userId: string,
    @BusPayload(UploadPartRequest) request: UploadPartRequest,
  ): Promise<UploadPartView> {
    const { bytes } = await this.ingestion.part(userId, request);
    return { uploadId: request.uploadId, index: request.index, bytes };
  }

  @MessagePattern(IngestionSubjects.complete.name)
  async complete(
    @ActingUserId() userId: string,
    @BusPayload(UploadIdRequest) request: UploadIdRequest,
  ): Promise<UploadView> {
    return toUploadView(await this.ingestion.complete(userId, request));
  }

  @MessagePattern(IngestionSubjects.get.name)
  async get(
    @ActingUserId() userId: string,
    @BusPayload(UploadIdRequest) request: UploadIdRequest,
  ): Promise<UploadView> {
    return toUploadView(await this.ingestion.get(userId, request));
  }

  @MessagePattern(IngestionSubjects.list.name)
  async list(
    @ActingUserId() userId: string,
    @BusPayload(ListUploadsRequest) request: ListUploadsRequest,
  ): Promise<UploadListView> {
    const { uploads, total } = await this.ingestion.list(userId, request);
    return {
      uploads: uploads.map(toUploadView),
      limit: request.limit,
      offset: request.offset,
      totalCount: total,
    };
  }

  @MessagePattern(IngestionSubjects.delete.name)
  async delete(
    @ActingUserId() userId: string,
    @BusPayload(UploadIdRequest) request: UploadIdRequest,
  ): Promise<UploadDeletionReceipt> {
    return this.ingestion.delete(userId, request);
  }

  @MessagePattern(IngestionSubjects.deleteEndUser.name)
  deleteEndUser(
    @ActingUserId() userId: string,
    @BusPayload(DeleteEndUserUploadsRequest) request: DeleteEndUserUploadsRequest,
  ): Promise<EndUserUploadsDeletionView> {
    return this.ingestion.deleteEndUser(userId, request.endUserId);
  }

  /** Account deletion (identity asks every data service): idempotent, answers what it removed. */
  @MessagePattern(deleteUserDataSubject('ingestion').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    const removed = await this.ingestion.deleteUserData(userId);
    const dataExports = await this.dataExports.deleteUserData(userId);
    return toUserDataDeletionView(dataExports > 0 ? { ...removed, dataExports } : removed);
  }
}
