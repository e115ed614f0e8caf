import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { GqlExecutionContext } from '@nestjs/graphql';
import { AccessTokens } from '@membolt/auth-tokens';
import { CommonError, CommonErrorCode } from '@membolt/contracts';
import type { Request } from 'express';
import { IS_PUBLIC_OPERATION } from '../common/public.decorator.js';
import { ACCESS_COOKIE, readCookie } from './session-cookies.js';

export interface SessionUser {
  readonly userId: string;
  readonly sessionId: string;
}

export type SessionRequest = Request & { sessionUser?: SessionUser };

/** Resolves the signed-in user from the access-token cookie; null when absent or invalid. */
export async function sessionUserFrom(
  req: SessionRequest,
  tokens: AccessTokens,
): Promise<SessionUser | null> {
  if (req.sessionUser) return req.sessionUser;
  const token = readCookie(req, ACCESS_COOKIE);
  if (!token) return null;
  const claims = await tokens.verify(token);
  if (!claims) return null;
  req.sessionUser = { userId: claims.sub, sessionId: claims.sid };
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
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType<string>() !== 'graphql') return true;
    const req = GqlExecutionContext.create(context).getContext<{ req: SessionRequest }>().req;
    const user = await sessionUserFrom(req, this.tokens);
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_OPERATION, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic || user) return true;
    throw new CommonError(CommonErrorCode.Unauthorized, 'Please sign in to continue.');
  }
}
