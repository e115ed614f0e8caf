import { Inject, Injectable, Optional } from '@nestjs/common';
import { type BusSubject, MemboltError } from '@membolt/contracts';
import { METRICS, type Metrics } from '@membolt/platform';
import { BusClient, type BusRequestOptions } from './bus-client.js';

/** `ok`, the callee's error code, or `service_unavailable` (timeout, no responders, connection lost). */
export function busOutcomeOf(error: unknown): string {
  return error instanceof MemboltError ? error.code : 'internal_error';
}

/**
 * Times every `BusClient.request` into `membolt_bus_request_duration_seconds{subject,outcome}`. It wraps the
 * client from outside, so the client's own retry and translation logic stays in one place; subjects are
 * constants of the contracts, so the label set is bounded.
 */
export function meterBusRequests(client: BusClient, metrics: Metrics): void {
  const request = client.request.bind(client);
  client.request = async <Req, Res>(
    subject: BusSubject<Req, Res>,
    data: Req,
    options?: BusRequestOptions,
  ): Promise<Res> => {
    const stopTimer = metrics.busRequestDuration.startTimer({ subject: subject.name });
    try {
      const result = await request(subject, data, options);
      stopTimer({ outcome: 'ok' });
      return result;
    } catch (error) {
      stopTimer({ outcome: busOutcomeOf(error) });
      throw error;
    }
  };
}

/** Installs the metering when the app has Metrics (every runtime-built app does; bare test modules may not). */
@Injectable()
export class BusRequestMetering {
  constructor(client: BusClient, @Optional() @Inject(METRICS) metrics?: Metrics) {
    if (metrics) meterBusRequests(client, metrics);
  }
}
