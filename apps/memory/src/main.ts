import { MemoryModule, toMemoryModuleOptions } from '@membolt/memory';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadMemoryConfig } from './memory.config.js';

const config = loadConfigOrExit(() => loadMemoryConfig());
await runServiceProcess('memory', config, MemoryModule.forRoot(toMemoryModuleOptions(config)));
