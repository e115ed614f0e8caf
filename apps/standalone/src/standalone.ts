import { BffModule } from '@membolt/bff';
import { BillingModule } from '@membolt/billing';
import { BusModule, InProcessBroker, InProcessServer } from '@membolt/bus';
import { ChatModule } from '@membolt/chat';
import { GatewayModule } from '@membolt/gateway';
import { IdentityModule } from '@membolt/identity';
import { IngestionModule } from '@membolt/ingestion';
import { KeysModule } from '@membolt/keys';
import { MemoryModule } from '@membolt/memory';
import { loadOrCreateLocalSecret, toStoreConfig } from '@membolt/platform';
import { type RunningHttpEdge, runHttpEdge } from '@membolt/runtime';
import type { StandaloneConfig } from './standalone.config.js';

/**
 * The whole product in one process: every service, the BFF, the gateway and the web app on one port,
 * joined by the in-process bus, with embedded stores under DATA_DIR.
 */
export function startStandalone(config: StandaloneConfig): Promise<RunningHttpEdge> {
  const broker = new InProcessBroker();
  const store = toStoreConfig(config);
  const accessTokenSecret = config.AUTH_TOKEN_SECRET ?? loadOrCreateLocalSecret(config.DATA_DIR, 'auth-token');
  const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  return runHttpEdge({
    app: 'standalone',
    host: config.HOST,
    port: config.PORT,
    logLevel: config.LOG_LEVEL,
    bodyLimitBytes: config.HTTP_BODY_LIMIT_BYTES,
    webDistDir: config.WEB_DIST_DIR,
    busServer: new InProcessServer(broker),
    imports: [
      BusModule.forRoot({ transport: { transport: 'in-process', broker }, timeoutMs: config.BUS_TIMEOUT_MS }),
      IdentityModule.forRoot({ store }),
      KeysModule.forRoot({ store }),
      BillingModule.forRoot({ store }),
      MemoryModule.forRoot({ store }),
      IngestionModule.forRoot({ store }),
      ChatModule.forRoot(),
      GatewayModule,
      BffModule.forRoot({ introspection: config.GRAPHQL_INTROSPECTION, accessTokenSecret, publicUrl }),
    ],
  });
}
