import { MessagePattern } from '@nestjs/microservices';
import { DeleteUserDataRequest, deleteUserDataSubject, type UserDataDeletionView } from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { IngestionService } from './ingestion.service.js';
import { toUserDataDeletionView } from './ingestion.views.js';

@BusController()
export class IngestionHandlers {
  constructor(private readonly ingestion: IngestionService) {}

  /** Account deletion (identity asks every data service): idempotent, answers what it removed. */
  @MessagePattern(deleteUserDataSubject('ingestion').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    return toUserDataDeletionView(await this.ingestion.deleteUserData(userId));
  }
}
