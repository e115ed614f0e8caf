export * from './mcp.controller.js';
export * from './mcp.module.js';
export * from './membolt-mcp.server.js';
