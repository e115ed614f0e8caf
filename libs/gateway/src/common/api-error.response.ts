import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** The body of every gateway error (OpenAPI schema; the filter in libs/edge writes it). */
export class ApiErrorResponse {
  @ApiProperty({ example: 'invalid_api_key', description: 'A stable error code.' })
  error!: string;

  @ApiProperty({ example: 'Invalid API key.' })
  message!: string;

  @ApiPropertyOptional({ description: 'Only on 500 and 503: quote it when reporting the problem.' })
  correlationId?: string;
}
