import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_ROUTE = 'membolt:public-route';

/** Declares that a gateway route needs no API key. Every other /api route is guarded (see GatewayController). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_ROUTE, true);
