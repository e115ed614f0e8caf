import { WebhooksModule, toWebhooksModuleOptions } from '@membolt/webhooks';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadWebhooksConfig } from './webhooks.config.js';

const config = loadConfigOrExit(() => loadWebhooksConfig());
await runServiceProcess('webhooks', config, WebhooksModule.forRoot(toWebhooksModuleOptions(config)));
