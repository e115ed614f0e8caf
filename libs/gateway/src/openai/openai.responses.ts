import { ApiProperty } from '@nestjs/swagger';

/* OpenAPI schemas of the OpenAI-compatible answers (openai.views.ts builds them). */

class CompletionMessageSchema {
  @ApiProperty({ enum: ['assistant'] }) role!: 'assistant';
  @ApiProperty() content!: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'Always null.' }) refusal!: null;
}

class CompletionChoiceSchema {
  @ApiProperty({ example: 0 }) index!: number;
  @ApiProperty({ type: CompletionMessageSchema }) message!: CompletionMessageSchema;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, description: 'Always null.' })
  logprobs!: null;
  @ApiProperty({ enum: ['stop'] }) finish_reason!: 'stop';
}

export class CompletionUsageSchema {
  @ApiProperty({ description: 'The provider’s count; 0 for the offline assistant.' }) prompt_tokens!: number;
  @ApiProperty() completion_tokens!: number;
  @ApiProperty() total_tokens!: number;
}

/** `chat.completion`; streamed, the same fields arrive as `chat.completion.chunk` events (`delta` for `message`). */
export class ChatCompletionSchema {
  @ApiProperty({ example: 'chatcmpl-5f0c…' }) id!: string;
  @ApiProperty({ enum: ['chat.completion'] }) object!: 'chat.completion';
  @ApiProperty({ description: 'Unix seconds.' }) created!: number;
  @ApiProperty({ example: 'gpt-4.1-mini' }) model!: string;
  @ApiProperty({ type: [CompletionChoiceSchema] }) choices!: CompletionChoiceSchema[];
  @ApiProperty({ type: CompletionUsageSchema }) usage!: CompletionUsageSchema;
}

export class OpenAiModelSchema {
  @ApiProperty({ example: 'gpt-4.1-mini' }) id!: string;
  @ApiProperty({ enum: ['model'] }) object!: 'model';
  @ApiProperty({ description: 'Always 0: the catalogue has no dates.' }) created!: number;
  @ApiProperty({ description: 'The model’s provider.', example: 'openai' }) owned_by!: string;
  @ApiProperty({
    description: 'Membolt: the account reaches the provider (else the offline assistant answers).',
  })
  available!: boolean;
}

export class OpenAiModelListSchema {
  @ApiProperty({ enum: ['list'] }) object!: 'list';
  @ApiProperty({ type: [OpenAiModelSchema] }) data!: OpenAiModelSchema[];
}
