import { Inject, Injectable } from '@nestjs/common';
import { AccessTokens } from '@membolt/auth-tokens';
import { GraphqlErrorCode, SIGN_IN_REQUIRED_MESSAGE } from '@membolt/contracts';
import { writeJson } from '@membolt/edge';
import type { ServerResponse } from 'node:http';
import { AccessRevocations } from './access-revocations.js';
import { type SessionRequest, type SessionUser, sessionUserFrom } from './session.guard.js';

/** The session of a request the BFF serves outside GraphQL (the chat stream, upload progress). */
@Injectable()
export class HttpSessions {
  constructor(
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    private readonly revocations: AccessRevocations,
  ) {}

  /** The signed-in user, or null once a 401 `{ code: UNAUTHENTICATED, message }` has been answered. */
  async userOrUnauthorized(req: SessionRequest, res: ServerResponse): Promise<SessionUser | null> {
    const user = await sessionUserFrom(req, this.tokens, this.revocations);
    if (!user) {
      writeJson(res, 401, { code: GraphqlErrorCode.Unauthenticated, message: SIGN_IN_REQUIRED_MESSAGE });
    }
    return user;
  }
}
