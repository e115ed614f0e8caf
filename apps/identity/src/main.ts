import { IdentityModule, toIdentityModuleOptions } from '@membolt/identity';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadIdentityConfig } from './identity.config.js';

const config = loadConfigOrExit(() => loadIdentityConfig());
await runServiceProcess('identity', config, IdentityModule.forRoot(toIdentityModuleOptions(config)));
