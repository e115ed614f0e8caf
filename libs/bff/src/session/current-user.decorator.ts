import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { CommonError, CommonErrorCode, SIGN_IN_REQUIRED_MESSAGE } from '@membolt/contracts';
import { type EdgeReply, type EdgeRequest, headerOf } from '@membolt/edge';
import type { SessionRequest, SessionUser } from './session.guard.js';

export interface GraphqlHttpContext {
  readonly req: SessionRequest;
  readonly res: EdgeReply;
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

export function clientInfo(req: EdgeRequest): { clientAddress?: string; userAgent?: string } {
  const userAgent = headerOf(req, 'user-agent')?.slice(0, 512);
  return { ...(req.ip ? { clientAddress: req.ip } : {}), ...(userAgent ? { userAgent } : {}) };
}
