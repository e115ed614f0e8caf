import { Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ContractValidationPipe } from '@membolt/platform';
import { z } from 'zod';
import { GatewayController } from './gateway-controller.decorator.js';
import { SystemStatusResponse } from './gateway.responses.js';
import { Public } from './public.decorator.js';
import { type SystemStatus, SystemStatusService } from './system-status.service.js';

/** `GET /api/status` takes no parameters; any given is rejected (the class is the document's: none). */
class StatusQuery {}

@ApiTags('system')
@GatewayController('status')
export class StatusController {
  constructor(private readonly status: SystemStatusService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Version and health of every service. No key needed.' })
  @ApiOkResponse({
    type: SystemStatusResponse,
    description: '`status` is "ok" when every service answers, else "degraded".',
  })
  get(@Query(new ContractValidationPipe(z.strictObject({}))) _query: StatusQuery): Promise<SystemStatus> {
    return this.status.status();
  }
}
