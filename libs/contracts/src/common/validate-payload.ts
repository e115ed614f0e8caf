import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, type ValidationError, validateSync } from 'class-validator';
import { CommonErrorCode } from '../rules/error-codes.js';
import { CommonError } from './membolt-error.js';

type PayloadClass<T> = new () => T;

function describe(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((text) =>
      text.startsWith('property ')
        ? text.replace(/^property (\S+)/, `${parent ? `${parent}.` : ''}$1`)
        : text,
    );
    return [...own, ...describe(error.children ?? [], path)];
  });
}

/**
 * class-transformer guesses a nested object's class from `value.constructor`: an own field named `constructor`
 * (`{"metadata": {"constructor": 1}}`) makes it throw a TypeError instead of validating. Such payloads are refused
 * by name. Nesting is bounded by the edges' JSON depth guard; the limit here only keeps a bus payload finite.
 */
function holdsConstructorField(value: unknown, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 256) return false;
  if (Array.isArray(value)) return value.some((item) => holdsConstructorField(item, depth + 1));
  if (Object.hasOwn(value, 'constructor')) return true;
  return Object.values(value).some((field) => holdsConstructorField(field, depth + 1));
}

/**
 * Whether the payload class declares any validated field. Kept per class: decorators register at class
 * definition, and class-validator's lookup filters every registered rule (it showed in search profiles).
 */
const fieldsOfClass = new WeakMap<object, boolean>();
function hasFields(cls: PayloadClass<object>): boolean {
  let known = fieldsOfClass.get(cls);
  if (known === undefined) {
    known = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false).length > 0;
    fieldsOfClass.set(cls, known);
  }
  return known;
}

/**
 * Validates an untrusted payload against its contract class: unknown fields and wrong types are rejected
 * with a `validation_error` naming every problem. Used on receipt by every bus handler and edge.
 */
export function validatePayload<T extends object>(cls: PayloadClass<T>, raw: unknown): T {
  if (raw !== undefined && (typeof raw !== 'object' || raw === null || Array.isArray(raw))) {
    throw new CommonError(CommonErrorCode.ValidationError, 'The request body must be a JSON object.');
  }
  const plain = (raw ?? {}) as Record<string, unknown>;
  if (holdsConstructorField(plain)) {
    throw new CommonError(CommonErrorCode.ValidationError, '"constructor" cannot be used as a field name.');
  }
  if (!hasFields(cls)) {
    // A payload class without fields (e.g. a health probe) accepts only an empty object.
    const unknown = Object.keys(plain);
    if (unknown.length > 0) {
      throw new CommonError(
        CommonErrorCode.ValidationError,
        unknown.map((key) => `${key} should not exist`).join('; '),
      );
    }
    return new cls();
  }
  const instance = plainToInstance(cls, plain, { enableImplicitConversion: false });
  const errors = validateSync(instance, {
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
  });
  if (errors.length > 0) {
    throw new CommonError(CommonErrorCode.ValidationError, describe(errors).join('; '));
  }
  return instance;
}
