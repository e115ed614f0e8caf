import { IngestionModule, toIngestionModuleOptions } from '@membolt/ingestion';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadIngestionConfig } from './ingestion.config.js';

const config = loadConfigOrExit(() => loadIngestionConfig());
await runServiceProcess('ingestion', config, IngestionModule.forRoot(toIngestionModuleOptions(config)));
