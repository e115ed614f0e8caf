import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { CommonError, CommonErrorCode, SIGN_IN_REQUIRED_MESSAGE } from '@membolt/contracts';
import type { Request, Response } from 'express';
import type { SessionRequest, SessionUser } from './session.guard.js';

export interface GraphqlHttpContext {
  readonly req: SessionRequest;
  readonly res: Response;
}

/** The signed-in user (set by SessionGuard). Only on operations that are not @Public(). */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): SessionUser => {
  const user = GqlExecutionContext.create(context).getContext<GraphqlHttpContext>().req.sessionUser;
  if (!user) throw new CommonError(CommonErrorCode.Unauthorized, SIGN_IN_REQUIRED_MESSAGE);
  return user;
});

/** The HTTP request/response of a GraphQL operation (cookies). */
export const HttpContext = createParamDecorator(
  (_data: unknown, context: ExecutionContext): GraphqlHttpContext =>
    GqlExecutionContext.create(context).getContext<GraphqlHttpContext>(),
);

export function clientInfo(req: Request): { clientAddress?: string; userAgent?: string } {
  const userAgent = req.header('user-agent')?.slice(0, 512);
  return { ...(req.ip ? { clientAddress: req.ip } : {}), ...(userAgent ? { userAgent } : {}) };
}
