import { KeysModule, toKeysModuleOptions } from '@membolt/keys';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadKeysConfig } from './keys.config.js';

const config = loadConfigOrExit(() => loadKeysConfig());
await runServiceProcess('keys', config, KeysModule.forRoot(toKeysModuleOptions(config)));
