import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';

/** The chat service (stateless). It answers its health probe; its capabilities arrive with their issues. */
@Module({})
export class ChatModule {
  static forRoot(): DynamicModule {
    return { module: ChatModule, controllers: [createHealthController('chat')] };
  }
}
