import { MessagePattern } from '@nestjs/microservices';
import { DeleteUserDataRequest, deleteUserDataSubject, type UserDataDeletionView } from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';

@BusController()
export class IngestionUserDataHandlers {
  /** Account deletion. Ingestion holds no user data yet: the counts fill in as the service gains data. */
  @MessagePattern(deleteUserDataSubject('ingestion').name)
  deleteUserData(
    @ActingUserId() _userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): UserDataDeletionView {
    return { service: 'ingestion', removed: {} };
  }
}
