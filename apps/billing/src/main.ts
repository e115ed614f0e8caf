import { BillingModule } from '@membolt/billing';
import { loadConfigOrExit, toStoreConfig } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadBillingConfig } from './billing.config.js';

const config = loadConfigOrExit(() => loadBillingConfig());
await runServiceProcess('billing', config, BillingModule.forRoot({ store: toStoreConfig(config) }));
