import { MemoryModule } from '@membolt/memory';
import { loadConfigOrExit, toStoreConfig } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadMemoryConfig } from './memory.config.js';

const config = loadConfigOrExit(() => loadMemoryConfig());
await runServiceProcess('memory', config, MemoryModule.forRoot({ store: toStoreConfig(config) }));
