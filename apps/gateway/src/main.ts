import { BusModule } from '@membolt/bus';
import { GatewayModule, setupGatewayDocs, toGatewayModuleOptions } from '@membolt/gateway';
import { loadConfigOrExit } from '@membolt/platform';
import { runHttpEdge } from '@membolt/runtime';
import { loadGatewayConfig } from './gateway.config.js';

const config = loadConfigOrExit(() => loadGatewayConfig());
const { app } = await runHttpEdge({
  app: 'gateway',
  host: config.HOST,
  port: config.PORT,
  logLevel: config.LOG_LEVEL,
  bodyLimitBytes: config.HTTP_BODY_LIMIT_BYTES,
  ops: config,
  maxJsonDepth: config.HTTP_MAX_JSON_DEPTH,
  trustProxyHops: config.HTTP_TRUST_PROXY_HOPS,
  imports: [
    BusModule.forRoot({
      transport: { transport: 'nats', servers: config.NATS_URL, name: `membolt-gateway-${process.pid}` },
      timeoutMs: config.BUS_TIMEOUT_MS,
    }),
    GatewayModule.forRoot(toGatewayModuleOptions(config)),
  ],
});
setupGatewayDocs(app);
