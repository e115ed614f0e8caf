import { CommonError, CommonErrorCode } from '@membolt/contracts';

// The only place the webhooks service builds its errors. It uses the common codes until a screen needs to
// tell one of its failures apart; then the failure gets its own code in contracts.

export const endpointNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Webhook endpoint not found.');

export const deliveryNotFound = (): CommonError =>
  new CommonError(CommonErrorCode.NotFound, 'Webhook delivery not found.');

export const nothingToUpdate = (): CommonError =>
  new CommonError(CommonErrorCode.ValidationError, 'Give at least one of url, events, description, enabled.');

export const privateTarget = (host: string): CommonError =>
  new CommonError(
    CommonErrorCode.ValidationError,
    `url: ${host} is a loopback, private or link-local address; webhooks may not target it.`,
  );
