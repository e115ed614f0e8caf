import { BffModule, toBffModuleOptions } from '@membolt/bff';
import { BusModule, InProcessBroker, InProcessServer } from '@membolt/bus';
import {
  GatewayModule,
  gatewayLargeJsonBodies,
  setupGatewayDocs,
  toGatewayModuleOptions,
} from '@membolt/gateway';
import { httpEdgeOptionsFrom, type RunningHttpEdge, runHttpEdge } from '@membolt/runtime';
import { accessTokenSecretOf, localServiceModules } from './service-modules.js';
import type { StandaloneConfig } from './standalone.config.js';

/**
 * The whole product in one process: every service, the BFF, the gateway and the web app on one port,
 * joined by the in-process bus, with embedded stores under DATA_DIR.
 */
export async function startStandalone(config: StandaloneConfig): Promise<RunningHttpEdge> {
  const broker = new InProcessBroker();
  const running = await runHttpEdge({
    app: 'standalone',
    ...httpEdgeOptionsFrom(config),
    largeJsonBodies: gatewayLargeJsonBodies(config.UPLOAD_MAX_BYTES),
    webDistDir: config.WEB_DIST_DIR,
    busServer: new InProcessServer(broker),
    imports: [
      BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: config.BUS_TIMEOUT_MS }),
      ...localServiceModules(config),
      GatewayModule.forRoot(toGatewayModuleOptions(config)),
      BffModule.forRoot(
        toBffModuleOptions({
          ...config,
          AUTH_TOKEN_SECRET: accessTokenSecretOf(config),
          PUBLIC_URL: config.PUBLIC_URL ?? `http://localhost:${config.PORT}`,
        }),
      ),
    ],
  });
  setupGatewayDocs(running.app);
  return running;
}
