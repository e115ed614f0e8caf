import { BffModule, toBffModuleOptions } from '@membolt/bff';
import { BusModule, BusSocketListener, busSocketPath, InProcessBroker, InProcessServer } from '@membolt/bus';
import {
  GatewayModule,
  gatewayLargeJsonBodies,
  setupGatewayDocs,
  toGatewayModuleOptions,
} from '@membolt/gateway';
import { httpEdgeOptionsFrom, type RunningHttpEdge, runHttpEdge } from '@membolt/runtime';
import { loadOrCreateLocalSecret } from '@membolt/platform';
import { sharedUsageOutboxIn } from '@membolt/embedded-store';
import { type DynamicModule, Module } from '@nestjs/common';
import { accessTokenSecretOf, localServiceModules } from './service-modules.js';
import type { StandaloneConfig } from './standalone.config.js';

/**
 * The whole product in one process: every service, the BFF, the gateway and the web app on one port,
 * joined by the in-process bus, with embedded stores under DATA_DIR.
 */
export async function startStandalone(config: StandaloneConfig): Promise<RunningHttpEdge> {
  const broker = new InProcessBroker();
  const socketPath = busSocketPath(config.DATA_DIR);
  const control = socketPath ? new BusSocketListener(broker, socketPath) : null;
  const running = await runHttpEdge({
    app: 'standalone',
    ...httpEdgeOptionsFrom(config),
    largeJsonBodies: gatewayLargeJsonBodies(config.UPLOAD_MAX_BYTES),
    webDistDir: config.WEB_DIST_DIR,
    busServer: new InProcessServer(broker),
    imports: [
      BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: config.BUS_TIMEOUT_MS }),
      ...localServiceModules(config),
      ...(control ? [controlSocketModule(control)] : []),
      // Both edges meter into one outbox under DATA_DIR (decision 177).
      GatewayModule.forRoot({
        ...toGatewayModuleOptions({
          ...config,
          PORTAL_LINK_SECRET:
            config.PORTAL_LINK_SECRET ?? loadOrCreateLocalSecret(config.DATA_DIR, 'portal-link'),
        }),
        openUsageOutbox: sharedUsageOutboxIn(config.DATA_DIR),
      }),
      BffModule.forRoot({
        ...toBffModuleOptions({
          ...config,
          AUTH_TOKEN_SECRET: accessTokenSecretOf(config),
          PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        }),
        openUsageOutbox: sharedUsageOutboxIn(config.DATA_DIR),
      }),
    ],
  });
  setupGatewayDocs(running.app);
  // Opened once the process serves: the operator CLI's changes then go through this process (decision 085).
  if (control) await control.listen();
  else
    running.logger.warn(
      { dataDir: config.DATA_DIR },
      'DATA_DIR is too long a path for the CLI control socket: `membolt` changes reach this process only when its caches expire',
    );
  return running;
}

/** Closes the control socket with the application. */
function controlSocketModule(listener: BusSocketListener): DynamicModule {
  @Module({})
  class ControlSocketModule {}
  return { module: ControlSocketModule, providers: [{ provide: BusSocketListener, useValue: listener }] };
}
