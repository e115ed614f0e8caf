import { type DynamicModule, Module } from '@nestjs/common';
import { MemoryAddService } from '../memories/memory-add.service.js';
import { MemoryLearningService } from '../memories/memory-learning.service.js';
import { McpController } from './mcp.controller.js';
import { MemboltMcpServerFactory } from './membolt-mcp.server.js';

/** `/mcp` at the root of the gateway's HTTP server (not under /api), with the gateway's key guard. */
@Module({})
export class McpRoutesModule {
  /** `auth` is the gateway's guard module (ApiKeyGuard, its interceptors and UsageMeter). */
  static register(auth: DynamicModule): DynamicModule {
    return {
      module: McpRoutesModule,
      imports: [auth],
      controllers: [McpController],
      providers: [MemboltMcpServerFactory, MemoryAddService, MemoryLearningService],
    };
  }
}
