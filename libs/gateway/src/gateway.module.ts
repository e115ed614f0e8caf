import { All, Controller, Module, NotFoundException, Req } from '@nestjs/common';
import { RouterModule } from '@nestjs/core';
import type { Request } from 'express';
import { PlansController } from './plans.controller.js';
import { Public } from './public.decorator.js';
import { StatusController } from './status.controller.js';
import { SystemStatusService } from './system-status.service.js';

/** Anything under /api that no controller matched: a JSON 404, never the web app. */
@Controller()
class ApiNotFoundController {
  @All('*path')
  @Public()
  notFound(@Req() request: Request): never {
    throw new NotFoundException(`No route matches ${request.method} ${request.path}`);
  }
}

@Module({
  controllers: [StatusController, PlansController],
  providers: [SystemStatusService],
})
class GatewayRoutesModule {}

@Module({ controllers: [ApiNotFoundController] })
class GatewayFallbackModule {}

/** The REST facade for developers, mounted at /api. Requires BusModule in the composition root. */
@Module({
  imports: [
    GatewayRoutesModule,
    GatewayFallbackModule,
    RouterModule.register([
      { path: 'api', module: GatewayRoutesModule },
      { path: 'api', module: GatewayFallbackModule },
    ]),
  ],
})
export class GatewayModule {}
