import { BillingModule, toBillingModuleOptions } from '@membolt/billing';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadBillingConfig } from './billing.config.js';

const config = loadConfigOrExit(() => loadBillingConfig());
await runServiceProcess('billing', config, BillingModule.forRoot(toBillingModuleOptions(config)));
