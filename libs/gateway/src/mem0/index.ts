export { Mem0Controller } from './mem0.controller.js';
export { Mem0WebhooksController } from './mem0-webhooks.controller.js';
