import { MessagePattern } from '@nestjs/microservices';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import {
  GetPortalSettingsRequest,
  ListPortalAuditRequest,
  type PortalAuditEntryView,
  type PortalAuditListView,
  type PortalSettingsView,
  PortalSubjects,
  RecordPortalActionRequest,
  UpdatePortalSettingsRequest,
} from '@membolt/contracts';
import { toPortalAuditEntryView, toPortalSettingsView } from './identity.views.js';
import { PortalSettingsService } from './services/portal-settings.service.js';

/** The end users' portal: the account's settings of it and its audit log (acting user -> payload -> one call). */
@BusController()
export class PortalHandlers {
  constructor(private readonly portal: PortalSettingsService) {}

  @MessagePattern(PortalSubjects.getSettings.name)
  async settings(
    @ActingUserId() userId: string,
    @BusPayload(GetPortalSettingsRequest) _request: GetPortalSettingsRequest,
  ): Promise<PortalSettingsView> {
    return toPortalSettingsView(await this.portal.settings(userId));
  }

  @MessagePattern(PortalSubjects.updateSettings.name)
  async updateSettings(
    @ActingUserId() userId: string,
    @BusPayload(UpdatePortalSettingsRequest) request: UpdatePortalSettingsRequest,
  ): Promise<PortalSettingsView> {
    return toPortalSettingsView(await this.portal.updateSettings(userId, request));
  }

  @MessagePattern(PortalSubjects.recordAction.name)
  async recordAction(
    @ActingUserId() userId: string,
    @BusPayload(RecordPortalActionRequest) request: RecordPortalActionRequest,
  ): Promise<PortalAuditEntryView> {
    return toPortalAuditEntryView(await this.portal.recordAction(userId, request));
  }

  @MessagePattern(PortalSubjects.listAudit.name)
  async listAudit(
    @ActingUserId() userId: string,
    @BusPayload(ListPortalAuditRequest) request: ListPortalAuditRequest,
  ): Promise<PortalAuditListView> {
    const page = await this.portal.listActions(userId, request);
    return {
      entries: page.entries.map(toPortalAuditEntryView),
      limit: request.limit,
      offset: request.offset,
      totalCount: page.totalCount,
    };
  }
}
