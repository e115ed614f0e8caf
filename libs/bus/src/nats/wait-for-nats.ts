import { connect } from '@nats-io/transport-node';

export interface WaitForNatsOptions {
  /** Pause between attempts; grows by half each time up to `maxRetryMs`. */
  readonly retryMs?: number;
  readonly maxRetryMs?: number;
  /** Called before each pause with a line for the operator. */
  readonly onWaiting: (line: string, attempt: number) => void;
}

/**
 * Resolves once the NATS server at `servers` accepts a connection. A service started before NATS (a whole
 * cluster booting at once, or NATS restarting) waits here and says so, instead of crashing.
 */
export async function waitForNats(servers: string, options: WaitForNatsOptions): Promise<void> {
  let pauseMs = options.retryMs ?? 500;
  const maxPauseMs = options.maxRetryMs ?? 5000;
  for (let attempt = 1; ; attempt++) {
    try {
      const probe = await connect({ servers, name: 'membolt-startup-probe', reconnect: false });
      await probe.close();
      return;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.onWaiting(
        `waiting for NATS at ${servers} (attempt ${attempt}): ${reason}; retrying in ${pauseMs} ms`,
        attempt,
      );
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      pauseMs = Math.min(Math.round(pauseMs * 1.5), maxPauseMs);
    }
  }
}
