import { MessagePattern } from '@nestjs/microservices';
import {
  DataExportIdRequest,
  type DataExportPartView,
  DataExportSubjects,
  type DataExportView,
  LatestDataExportRequest,
  type LatestDataExportView,
  ReadDataExportPartRequest,
  StartDataExportRequest,
} from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { DataExportService } from './data-export.service.js';

/** "Download my data" over the bus: every subject acts for the acting user only. */
@BusController()
export class DataExportHandlers {
  constructor(private readonly exports: DataExportService) {}

  @MessagePattern(DataExportSubjects.start.name)
  start(
    @ActingUserId() userId: string,
    @BusPayload(StartDataExportRequest) _request: StartDataExportRequest,
  ): Promise<DataExportView> {
    return this.exports.start(userId);
  }

  @MessagePattern(DataExportSubjects.get.name)
  get(
    @ActingUserId() userId: string,
    @BusPayload(DataExportIdRequest) request: DataExportIdRequest,
  ): Promise<DataExportView> {
    return this.exports.get(userId, request.exportId);
  }

  @MessagePattern(DataExportSubjects.latest.name)
  async latest(
    @ActingUserId() userId: string,
    @BusPayload(LatestDataExportRequest) _request: LatestDataExportRequest,
  ): Promise<LatestDataExportView> {
    return { export: await this.exports.latest(userId) };
  }

  @MessagePattern(DataExportSubjects.readPart.name)
  readPart(
    @ActingUserId() userId: string,
    @BusPayload(ReadDataExportPartRequest) request: ReadDataExportPartRequest,
  ): Promise<DataExportPartView> {
    return this.exports.readPart(userId, request.exportId, request.index);
  }
}
