import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { AccessTokens } from '@membolt/auth-tokens';
import { CommonError, CommonErrorCode, SIGN_IN_REQUIRED_MESSAGE } from '@membolt/contracts';
import type { EdgeRequest } from '@membolt/edge';
import { IS_PUBLIC_OPERATION } from '../common/public.decorator.js';
import { AccessRevocations } from './access-revocations.js';
import { ACCESS_COOKIE, readCookie } from './session-cookies.js';

export interface SessionUser {
  readonly userId: string;
  readonly sessionId: string;
  /** When the user signed in to this session (kept across refreshes); null for older tokens. */
  readonly authTime: Date | null;
}

export type SessionRequest = EdgeRequest & { sessionUser?: SessionUser };

/**
 * Resolves the signed-in user from the access-token cookie; null when absent, invalid, or revoked (signed
 * out, password changed or reset, refresh token reused, account deleted).
 */
export async function sessionUserFrom(
  req: SessionRequest,
  tokens: AccessTokens,
  revocations: AccessRevocations,
): Promise<SessionUser | null> {
  if (req.sessionUser) return req.sessionUser;
  const token = readCookie(req, ACCESS_COOKIE);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  if (await revocations.isRevoked(claims.sub, claims.sid)) return null;
  req.sessionUser = { userId: claims.sub, sessionId: claims.sid, authTime: claims.authTime };
  return req.sessionUser;
}

/**
 * Every GraphQL operation needs a valid session unless marked @Public(). An expired access token answers
 * UNAUTHENTICATED; the web app then calls `refreshSession` (refresh cookie) and retries once.
 */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(AccessTokens) private readonly tokens: AccessTokens,
    private readonly revocations: AccessRevocations,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    // Global, so it also sees every REST route of the process: they, and the public operations, pass
    // without a promise to await.
    if (context.getType<string>() !== 'graphql') return true;
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_OPERATION, [
      context.getHandler(),
      context.getClass(),
    ]);
    // Public operations never depend on the revocations being known (sign-in works while they load).
    if (isPublic) return true;
    return this.signedIn(GqlExecutionContext.create(context).getContext<{ req: SessionRequest }>().req);
  }

  private async signedIn(req: SessionRequest): Promise<boolean> {
    if (await sessionUserFrom(req, this.tokens, this.revocations)) return true;
    throw new CommonError(CommonErrorCode.Unauthorized, SIGN_IN_REQUIRED_MESSAGE);
  }
}
