import { Module, type Type } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { ActingUserId, BusController, BusPayload } from '@membolt/bus';
import { GetUserStatusRequest, IdentitySubjects, type UserStatusView } from '@membolt/contracts';

/**
 * Stands in for identity's `identity.users.status.v1` when the keys service is tested alone: the accounts
 * in `activeUsers` (a live set: remove one to model its deletion) are active, every other id is unknown.
 */
export function identityStatusStub(activeUsers: ReadonlySet<string>): Type<unknown> {
  @BusController()
  class IdentityStatusStubHandlers {
    @MessagePattern(IdentitySubjects.userStatus.name)
    status(
      @ActingUserId() userId: string,
      @BusPayload(GetUserStatusRequest) _request: GetUserStatusRequest,
    ): UserStatusView {
      return { active: activeUsers.has(userId) };
    }
  }

  @Module({ controllers: [IdentityStatusStubHandlers] })
  class IdentityStatusStubModule {}
  return IdentityStatusStubModule;
}
