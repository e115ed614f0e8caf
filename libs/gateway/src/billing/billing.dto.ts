import { ApiProperty } from '@nestjs/swagger';
import { boundedString, optional } from '@membolt/contracts';
import { z } from 'zod';
import { queryDoc, restQueryType } from '../common/rest-query.js';

/** A date as given (the usage service reads it); the length rule first, as the class this replaces checked. */
const usageDate = () => optional(boundedString(40, { lengthTextFirst: true }));
const usageQuery = {
  from: usageDate().meta(
    queryDoc(String, { description: 'Start (inclusive), ISO 8601.', example: '2026-04-01' }),
  ),
  to: usageDate().meta(
    queryDoc(String, { description: 'End (exclusive), ISO 8601.', example: '2026-05-01' }),
  ),
};
/** `GET /api/usage?from&to`: ISO dates; by default the current calendar month. */
export const UsageQuerySchema = z.strictObject(usageQuery);
export const UsageQuery = restQueryType('UsageQuery', usageQuery);
export type UsageQuery = z.output<typeof UsageQuerySchema>;

export class UsageRowResponse {
  @ApiProperty({ example: '2026-04-03' })
  day!: string;
  @ApiProperty({ example: '/search' })
  endpoint!: string;
  @ApiProperty({ example: 12 })
  calls!: number;
  @ApiProperty({ example: 0 })
  conversations!: number;
  @ApiProperty({ example: 5120 })
  tokens!: number;
  @ApiProperty({
    example: '12.153600',
    description:
      "Cents, 6 decimals: the charges plus the tokens' price of API key calls (reported, and counted toward " +
      'key spend caps, but never taken from the balance).',
  })
  cost_cents!: string;

  @ApiProperty({ example: 12, description: 'Cents really taken from the balance (pay-per-use calls).' })
  charged_cents!: number;
}

export class UsageTotalsResponse {
  @ApiProperty()
  calls!: number;
  @ApiProperty()
  conversations!: number;
  @ApiProperty()
  tokens!: number;
  @ApiProperty({ example: '12.153600' })
  cost_cents!: string;

  @ApiProperty({ example: 12, description: 'Cents really taken from the balance (pay-per-use calls).' })
  charged_cents!: number;
}

export class UsageResponse {
  @ApiProperty({ example: '2026-04-01T00:00:00.000Z' })
  from!: string;
  @ApiProperty({ example: '2026-05-01T00:00:00.000Z' })
  to!: string;
  @ApiProperty({ type: [UsageRowResponse] })
  usage!: UsageRowResponse[];
  @ApiProperty({ type: UsageTotalsResponse })
  totals!: UsageTotalsResponse;
}

/** The subscription check's answer (docs/requirements/rest-gateway.md, Shapes). */
export class SubscriptionCheckResponse {
  @ApiProperty()
  valid!: boolean;
  @ApiProperty({
    nullable: true,
    type: String,
    enum: [
      'user_not_found',
      'inactive_account',
      'insufficient_balance',
      'free_tier_limit_reached',
      'validation_error',
    ],
  })
  reason!: string | null;
  @ApiProperty({ nullable: true, type: String, example: 'free' })
  plan!: string | null;
  @ApiProperty({ description: 'Cents.' })
  balance!: number;
  @ApiProperty({ description: 'Cents per charged call.' })
  rate!: number;
  @ApiProperty()
  conversations_used!: number;
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Monthly conversation limit; null for unlimited.',
  })
  limit!: number | null;
}
