import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** `POST /api/register_initial_user` body (docs/requirements/rest-gateway.md, Shapes, "Registration payload"). */
export class RegisterInitialUserBody {
  @ApiProperty({ description: 'The id of the user the key belongs to.', example: 'a3f0c2e4-…' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  user_id!: string;

  @ApiProperty({ description: 'The same key as the X-API-Key header.', example: 'mblt_…' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(128)
  api_key!: string;
}

export class GatewayHealthResponse {
  @ApiProperty({ enum: ['ok'] })
  status!: 'ok';

  @ApiProperty({ description: 'The owner of the API key: the user id to use in /api/user/{userId}/… paths.' })
  user_id!: string;
}

export class RegisteredUserResponse {
  @ApiProperty({ enum: [true] })
  registered!: true;

  @ApiProperty()
  user_id!: string;
}

export class UserDatabaseResponse {
  @ApiProperty()
  user_id!: string;

  @ApiProperty({ description: 'The memory graph: `graph_` followed by a UUID.', example: 'graph_5b0e…' })
  graph_id!: string;

  @ApiProperty({ enum: ['active'] })
  status!: 'active';

  @ApiProperty({ format: 'date-time' })
  created_at!: string;
}
