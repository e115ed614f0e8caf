import { HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiExcludeController, ApiOkResponse } from '@nestjs/swagger';
import { PaymentSubjects, type PaymentWebhookView } from '@membolt/contracts';
import { BusClient } from '@membolt/bus';
import { type EdgeRequest, headerOf } from '@membolt/edge';
import { ApiErrorResponse } from '../common/api-error.response.js';
import { GatewayController } from '../gateway-controller.decorator.js';
import { Public } from '../public.decorator.js';
import { signedWebhookBodyRequired } from '../gateway.errors.js';

const SIGNATURE_HEADER = 'stripe-signature';

/**
 * `POST /api/payments/webhook`: the payment provider's notifications (Stripe's webhook URL). No API key: the
 * signature over the raw body is the credential, verified by billing; a bad one is 400 and changes nothing.
 */
@ApiExcludeController()
@GatewayController('payments')
export class PaymentWebhookController {
  constructor(private readonly bus: BusClient) {}

  @Post('webhook')
  @Public()
  @HttpCode(200)
  @ApiOkResponse({ description: 'Received (and applied once when it completes a payment).' })
  @ApiBadRequestResponse({
    type: ApiErrorResponse,
    description: 'validation_error: the signature does not verify.',
  })
  async receive(@Req() request: EdgeRequest): Promise<PaymentWebhookView> {
    const body: unknown = request.body;
    const signature = headerOf(request, SIGNATURE_HEADER);
    if (!Buffer.isBuffer(body) || body.length === 0 || !signature) throw signedWebhookBodyRequired();
    return this.bus.request(PaymentSubjects.webhook, { payload: body.toString('utf8'), signature });
  }
}
