import { type DynamicModule, Module } from '@nestjs/common';
import { createHealthController } from '@membolt/bus';

/** The chat service (stateless: no store, no user data). It answers its health probe over the bus. */
@Module({})
export class ChatModule {
  static forRoot(): DynamicModule {
    return { module: ChatModule, controllers: [createHealthController('chat')] };
  }
}
