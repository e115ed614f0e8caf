import type { PipeTransform } from '@nestjs/common';
import { validatePayload } from '@membolt/contracts';

/** Validates a bus payload, REST body or query against its contract class (unknown fields rejected). */
export class ContractValidationPipe<T extends object> implements PipeTransform<unknown, T> {
  constructor(private readonly cls: new () => T) {}

  transform(value: unknown): T {
    return validatePayload(this.cls, value);
  }
}
