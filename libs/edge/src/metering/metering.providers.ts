import type { Provider } from '@nestjs/common';
import { BusClient } from '@membolt/bus';
import { UsageSubjects } from '@membolt/contracts';
import { UsageMeter } from './usage-meter.js';
import { DirectUsageOutbox, USAGE_OUTBOX, type UsageOutbox, type UsageSender } from './usage-outbox.js';

/**
 * The providers of an edge's metering: its outbox (opened by `openOutbox` with the sender to billing, or
 * straight to billing without one) and the UsageMeter.
 */
export function usageMeteringProviders(openOutbox?: (send: UsageSender) => UsageOutbox): Provider[] {
  return [
    {
      provide: USAGE_OUTBOX,
      inject: [BusClient],
      useFactory: (bus: BusClient): UsageOutbox => {
        const send: UsageSender = async (events) => {
          await bus.request(UsageSubjects.recordBatch, { events });
        };
        return openOutbox ? openOutbox(send) : new DirectUsageOutbox(send);
      },
    },
    UsageMeter,
  ];
}
