import { BffModule, toBffModuleOptions } from '@membolt/bff';
import { BusModule } from '@membolt/bus';
import { loadConfigOrExit } from '@membolt/platform';
import { runHttpEdge } from '@membolt/runtime';
import { loadBffConfig } from './bff.config.js';

const config = loadConfigOrExit(() => loadBffConfig());
await runHttpEdge({
  app: 'bff',
  host: config.HOST,
  port: config.PORT,
  logLevel: config.LOG_LEVEL,
  bodyLimitBytes: config.HTTP_BODY_LIMIT_BYTES,
  ops: config,
  maxJsonDepth: config.HTTP_MAX_JSON_DEPTH,
  trustProxyHops: config.HTTP_TRUST_PROXY_HOPS,
  webDistDir: config.WEB_DIST_DIR,
  imports: [
    BusModule.forRoot({
      transport: { transport: 'nats', servers: config.NATS_URL, name: `membolt-bff-${process.pid}` },
      timeoutMs: config.BUS_TIMEOUT_MS,
    }),
    BffModule.forRoot(toBffModuleOptions(config)),
  ],
});
