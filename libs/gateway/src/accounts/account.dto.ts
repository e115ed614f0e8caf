import { z } from 'zod';
import { restObjectType } from '../common/rest-object-type.js';
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

/*
 * The answers below are the gateway's own (no service has a view of them: the key's owner, a registration
 * acknowledged, the memory graph's id as REST has always named it), so their one definition is a zod schema
 * here, in the REST API's names.
 */

export const GatewayHealthResponse = restObjectType(
  'GatewayHealthResponse',
  z.object({
    status: z.literal('ok'),
    userId: z.string().meta({
      description: 'The owner of the API key: the user id to use in /api/user/{userId}/… paths.',
    }),
  }),
);
export type GatewayHealthResponse = InstanceType<typeof GatewayHealthResponse>;

export const RegisteredUserResponse = restObjectType(
  'RegisteredUserResponse',
  z.object({ registered: z.literal(true), userId: z.string() }),
);
export type RegisteredUserResponse = InstanceType<typeof RegisteredUserResponse>;

export const UserDatabaseResponse = restObjectType(
  'UserDatabaseResponse',
  z.object({
    userId: z.string(),
    graphId: z.string().meta({
      description: 'The memory graph: `graph_` followed by a UUID.',
      rest: { example: 'graph_5b0e…' },
    }),
    status: z.literal('active'),
    createdAt: z.string().meta({ rest: { format: 'date-time' } }),
  }),
);
export type UserDatabaseResponse = InstanceType<typeof UserDatabaseResponse>;
