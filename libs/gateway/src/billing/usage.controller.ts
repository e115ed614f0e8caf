import { Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { formatMicrocents, SubscriptionSubjects, UsageSubjects } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { UsageMeter } from '@membolt/edge';
import { ContractValidationPipe } from '@membolt/platform';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { SubscriptionCheckResponse, UsageQuery, UsageQuerySchema, UsageResponse } from './billing.dto.js';
import { notAnIsoDate } from '../gateway.errors.js';

function parseDate(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw notAnIsoDate(name);
  return date;
}

/** The key owner's usage and subscription (docs/requirements/rest-gateway.md, Shapes and Routes). */
@ApiTags('billing')
@GatewayController()
export class UsageController {
  constructor(
    private readonly bus: BusClient,
    private readonly meter: UsageMeter,
  ) {}

  @Get('usage')
  @ApiOperation({
    summary: "The key owner's usage by day and endpoint, with totals and cost (default: this month).",
  })
  @ApiOkResponse({ type: UsageResponse })
  @ApiBadRequestResponse({ type: ApiErrorResponse, description: 'validation_error: a bad date or period.' })
  async usage(
    @Query(new ContractValidationPipe(UsageQuerySchema)) query: UsageQuery,
  ): Promise<UsageResponse> {
    const from = parseDate('from', query.from);
    const to = parseDate('to', query.to);
    // Calls answered before this read are in it, whether or not the outbox had sent them yet.
    await this.meter.settle();
    const view = await this.bus.request(UsageSubjects.summary, {
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
    return {
      from: view.from,
      to: view.to,
      usage: view.rows.map(({ costMicrocents, chargedCents, ...row }) => ({
        ...row,
        cost_cents: formatMicrocents(costMicrocents),
        charged_cents: chargedCents,
      })),
      totals: {
        calls: view.totals.calls,
        conversations: view.totals.conversations,
        tokens: view.totals.tokens,
        cost_cents: formatMicrocents(view.totals.costMicrocents),
        charged_cents: view.totals.chargedCents,
      },
    };
  }

  @Get('subscription')
  @ApiOperation({ summary: "The subscription check for the key's owner (valid, or the reason it is not)." })
  @ApiOkResponse({ type: SubscriptionCheckResponse })
  async subscription(): Promise<SubscriptionCheckResponse> {
    const check = await this.bus.request(SubscriptionSubjects.check, {});
    return {
      valid: check.valid,
      reason: check.reason,
      plan: check.plan,
      balance: check.balanceCents,
      rate: check.rateCents,
      conversations_used: check.conversationsUsed,
      limit: check.conversationsLimit,
    };
  }
}
