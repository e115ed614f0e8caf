import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { isMeteredHandler, type MeteringScope, runInMeteringScope, UsageMeter } from '@membolt/edge';
import { Observable } from 'rxjs';
import type { SessionRequest } from '../session/session.guard.js';

/**
 * Gives every @Metered GraphQL operation its metering scope (the signed-in user), so a resolver becomes
 * metered with one `@Metered(endpoint)` line. Any other operation runs as it is: no scope to open.
 */
@Injectable()
export class BffMeteringInterceptor implements NestInterceptor {
  constructor(private readonly meter: UsageMeter) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType<string>() !== 'graphql' || !isMeteredHandler(context.getHandler()))
      return next.handle();
    const gql = GqlExecutionContext.create(context);
    const user = gql.getContext<{ req: SessionRequest }>().req.sessionUser;
    const scope: MeteringScope = {
      meter: this.meter,
      principal: user ? { userId: user.userId } : null,
      input: gql.getArgs(),
    };
    return new Observable((subscriber) =>
      runInMeteringScope(scope, () => next.handle().subscribe(subscriber)),
    );
  }
}
