import type { Provider } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { UsageSubjects } from '@membolt/contracts';
import { UsageMeter } from './usage-meter.js';
import {
  DirectUsageOutbox,
  openSharedUsageOutbox,
  USAGE_OUTBOX,
  type UsageOutbox,
  type UsageSender,
} from './usage-outbox.js';

/**
 * The providers of an edge's metering: its outbox (on a file under `outboxDir`, shared in the process; or
 * straight to billing without one) and the UsageMeter.
 */
export function usageMeteringProviders(outboxDir: string | undefined): Provider[] {
  return [
    {
      provide: USAGE_OUTBOX,
      inject: [BusClient],
      useFactory: (bus: BusClient): UsageOutbox => {
        const send: UsageSender = async (events) => {
          await bus.request(UsageSubjects.recordBatch, { events });
        };
        return outboxDir ? openSharedUsageOutbox(outboxDir, send) : new DirectUsageOutbox(send);
      },
    },
    UsageMeter,
  ];
}
