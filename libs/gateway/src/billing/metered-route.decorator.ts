import { applyDecorators } from '@nestjs/common';
import { ApiPaymentRequiredResponse } from '@nestjs/swagger';
import { COST_CENTS_HEADER, type MeteredEndpoint, TOKENS_HEADER } from '@membolt/contracts';
import { Metered } from '@membolt/edge';
import { ApiErrorResponse } from '../common/api-error.response.js';

/** The response headers of every metered call (OpenAPI). */
export const METERED_RESPONSE_HEADERS = {
  [TOKENS_HEADER]: {
    description: 'Tokens processed by this call (decision 046: UTF-8 bytes of input and answer / 4).',
    schema: { type: 'integer', example: 412 },
  },
  [COST_CENTS_HEADER]: {
    description: 'What this call cost, in cents with 6 decimals: the pay-per-use charge plus the tokens.',
    schema: { type: 'string', example: '1.012360' },
  },
} as const;

/**
 * A metered gateway route: refused with 402 when the key owner's subscription check fails (`error` is the
 * reason) or the key's spend cap is used up (`spend_cap_reached`); its answer carries its cost.
 */
export function MeteredRoute(endpoint: MeteredEndpoint): MethodDecorator {
  return applyDecorators(Metered(endpoint), ApiMeteredRefusal());
}

/**
 * The 402 of a metered route (OpenAPI). A route that meters itself (the chat, which streams) uses this
 * alone; every other metered route gets it with MeteredRoute.
 */
export function ApiMeteredRefusal(): MethodDecorator {
  return applyDecorators(
    ApiPaymentRequiredResponse({
      type: ApiErrorResponse,
      description:
        'The subscription check refused the call; `error` is its reason: user_not_found, inactive_account, ' +
        'insufficient_balance, free_tier_limit_reached or validation_error. Or spend_cap_reached: the API ' +
        "key's monthly spend cap is used up.",
    }),
  );
}
