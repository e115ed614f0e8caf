import { BusModule } from '@membolt/bus';
import {
  GatewayModule,
  gatewayLargeJsonBodies,
  setupGatewayDocs,
  toGatewayModuleOptions,
} from '@membolt/gateway';
import { loadConfigOrExit } from '@membolt/platform';
import { httpEdgeOptionsFrom, runHttpEdge } from '@membolt/runtime';
import { loadGatewayConfig } from './gateway.config.js';

const config = loadConfigOrExit(() => loadGatewayConfig());
const { app } = await runHttpEdge({
  app: 'gateway',
  ...httpEdgeOptionsFrom(config),
  largeJsonBodies: gatewayLargeJsonBodies(config.UPLOAD_MAX_BYTES),
  imports: [
    BusModule.forRoot({
      transport: { transport: 'nats', servers: config.NATS_URL, name: `membolt-gateway-${process.pid}` },
      timeoutMs: config.BUS_TIMEOUT_MS,
    }),
    GatewayModule.forRoot(toGatewayModuleOptions(config)),
  ],
});
setupGatewayDocs(app);
