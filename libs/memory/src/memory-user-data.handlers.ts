import { MessagePattern } from '@nestjs/microservices';
import { DeleteUserDataRequest, deleteUserDataSubject, type UserDataDeletionView } from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';

@BusController()
export class MemoryUserDataHandlers {
  /** Account deletion. Memory holds no user data yet: the counts fill in as the service gains data. */
  @MessagePattern(deleteUserDataSubject('memory').name)
  deleteUserData(
    @ActingUserId() _userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): UserDataDeletionView {
    return { service: 'memory', removed: {} };
  }
}
