import { BffModule, toBffModuleOptions } from '@membolt/bff';
import { BusModule } from '@membolt/bus';
import { loadConfigOrExit } from '@membolt/platform';
import { httpEdgeOptionsFrom, runHttpEdge } from '@membolt/runtime';
import { loadBffConfig } from './bff.config.js';

const config = loadConfigOrExit(() => loadBffConfig());
await runHttpEdge({
  app: 'bff',
  ...httpEdgeOptionsFrom(config),
  webDistDir: config.WEB_DIST_DIR,
  imports: [
    BusModule.forRoot({
      transport: { transport: 'nats', servers: config.NATS_URL, name: `membolt-bff-${process.pid}` },
      timeoutMs: config.BUS_TIMEOUT_MS,
    }),
    BffModule.forRoot(toBffModuleOptions(config)),
  ],
});
