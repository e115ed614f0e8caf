import { ApiProperty } from '@nestjs/swagger';
import { z } from 'zod';
import { checked, queryDoc, restQueryType } from '../common/rest-query.js';

/** A required string of at most `max` characters, its rules in the order the class this replaces checked them. */
const requiredString = (max: number) =>
  checked<string>(
    [
      `$property must be shorter than or equal to ${max} characters`,
      (value) => typeof value === 'string' && value.length <= max,
    ],
    ['$property should not be empty', (value) => value !== '' && value !== null && value !== undefined],
    ['$property must be a string', (value) => typeof value === 'string'],
  );

const registration = {
  user_id: requiredString(100).meta(
    queryDoc(String, { description: 'The id of the user the key belongs to.', example: 'a3f0c2e4-…' }),
  ),
  api_key: requiredString(128).meta(
    queryDoc(String, { description: 'The same key as the X-API-Key header.', example: 'mblt_…' }),
  ),
};
/** `POST /api/register_initial_user` body (docs/requirements/rest-gateway.md, Shapes, "Registration payload"). */
export const RegisterInitialUserBodySchema = z.strictObject(registration);
export const RegisterInitialUserBody = restQueryType('RegisterInitialUserBody', registration);
export type RegisterInitialUserBody = z.output<typeof RegisterInitialUserBodySchema>;

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
