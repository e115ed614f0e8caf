import { ChatModule, toChatModuleOptions } from '@membolt/chat';
import { loadConfigOrExit } from '@membolt/platform';
import { runServiceProcess } from '@membolt/runtime';
import { loadChatConfig } from './chat.config.js';

const config = loadConfigOrExit(() => loadChatConfig());
await runServiceProcess('chat', config, ChatModule.forRoot(toChatModuleOptions(config)));
