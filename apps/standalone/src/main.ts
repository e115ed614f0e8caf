import { loadConfigOrExit } from '@membolt/platform';
import { loadStandaloneConfig } from './standalone.config.js';
import { startStandalone } from './standalone.js';

const config = loadConfigOrExit(() => loadStandaloneConfig());
await startStandalone(config);
