import { Controller, Get, Query } from '@nestjs/common';
import { ContractValidationPipe } from '@membolt/platform';
import { Public } from './public.decorator.js';
import { type SystemStatus, SystemStatusService } from './system-status.service.js';

/** `GET /api/status` takes no parameters; any given is rejected. */
class StatusQuery {}

@Controller('status')
export class StatusController {
  constructor(private readonly status: SystemStatusService) {}

  @Get()
  @Public()
  get(@Query(new ContractValidationPipe(StatusQuery)) _query: StatusQuery): Promise<SystemStatus> {
    return this.status.status();
  }
}
