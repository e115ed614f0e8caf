import type { PipeTransform } from '@nestjs/common';
import { type PayloadContract, validatePayload } from '@membolt/contracts';

/** Validates a bus payload, REST body or query against its contract schema (unknown fields rejected). */
export class ContractValidationPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly contract: PayloadContract<T>) {}

  transform(value: unknown): T {
    return validatePayload(this.contract, value);
  }
}
