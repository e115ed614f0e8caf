export * from './gateway.module.js';
export * from './public.decorator.js';
export * from './system-status.service.js';
