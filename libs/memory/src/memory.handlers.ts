import { MessagePattern } from '@nestjs/microservices';
import { DeleteUserDataRequest, deleteUserDataSubject, type UserDataDeletionView } from '@membolt/contracts';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { MemoryService } from './memory.service.js';
import { toUserDataDeletionView } from './memory.views.js';

@BusController()
export class MemoryHandlers {
  constructor(private readonly memory: MemoryService) {}

  /** Account deletion (identity asks every data service): idempotent, answers what it removed. */
  @MessagePattern(deleteUserDataSubject('memory').name)
  async deleteUserData(
    @ActingUserId() userId: string,
    @BusPayload(DeleteUserDataRequest) _request: DeleteUserDataRequest,
  ): Promise<UserDataDeletionView> {
    return toUserDataDeletionView(await this.memory.deleteUserData(userId));
  }
}
