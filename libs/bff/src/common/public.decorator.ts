import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_OPERATION = 'membolt:public-operation';

/** Declares that a GraphQL operation needs no session. Every other operation is guarded. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_OPERATION, true);
