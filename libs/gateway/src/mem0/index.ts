export { Mem0Controller } from './mem0.controller.js';
export { Mem0WebhooksController } from './mem0-webhooks.controller.js';
export { Mem0ProjectController } from './mem0-project.controller.js';
