import {
  CommonError,
  CommonErrorCode,
  type MeteredEndpoint,
  SIGN_IN_REQUIRED_MESSAGE,
} from '@membolt/contracts';
import { requestContext } from '@membolt/platform';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { MeteredUsage, MeteringPrincipal, UsageMeter } from './usage-meter.js';

/** A metered handler's result, and the text its tokens were counted on (`tokenJsonOf`: an object's JSON). */
export interface MeteredAnswer {
  readonly result: unknown;
  readonly json: string;
}

/** What an edge's metering interceptor provides to the @Metered handlers of one request. */
export interface MeteringScope {
  readonly meter: UsageMeter;
  /** Null when nobody is signed in / no key was presented: a @Metered handler then refuses. */
  readonly principal: MeteringPrincipal | null;
  /** What the caller sent (REST: path, query and body; GraphQL: the field's arguments): tokens are counted on it. */
  readonly input: unknown;
  /**
   * Called with the call's usage before the answer is sent (REST: the X-Membolt-* headers). For a @Metered
   * handler, whose result is the answer sent as it is, also with that result and the text its tokens were
   * counted on (REST sends that text: `sendAsJson`); a part of a request metered on its own has no answer.
   */
  readonly onMetered?: (usage: MeteredUsage, answer?: MeteredAnswer) => void;
}

const scopes = new AsyncLocalStorage<MeteringScope>();
/** Where `enterMeteringScope` keeps a request's scope, in its request context. */
const REQUEST_SCOPE = Symbol('membolt.metering-scope');

/** On a @Metered handler: its endpoint. */
const METERED_ENDPOINT = Symbol('metered-endpoint');

/** Whether a route or resolver method is @Metered (an edge need not open a metering scope for others). */
export function isMeteredHandler(handler: object): boolean {
  return Reflect.hasOwnMetadata(METERED_ENDPOINT, handler);
}

/** Runs the rest of a request (pipes and handler) inside a metering scope. Used by the edges' interceptors. */
export function runInMeteringScope<T>(scope: MeteringScope, fn: () => T): T {
  return scopes.run(scope, fn);
}

/**
 * Makes `scope` the metering scope of the rest of the current request, without a callback to run it in: what
 * the gateway's guard does once it knows the key (an interceptor around the handler cost every request its own
 * chain of observables). The scope belongs to the request's context, which an edge's first hook makes for each
 * request; code the handler runs in a context of its own (`requestContext.run`) is outside it. Answers false,
 * changing nothing, outside any request context.
 */
export function enterMeteringScope(scope: MeteringScope): boolean {
  return requestContext.attach(REQUEST_SCOPE, scope);
}

function currentMeteringScope(): MeteringScope | undefined {
  return scopes.getStore() ?? (requestContext.attached(REQUEST_SCOPE) as MeteringScope | undefined);
}

export interface MeteredOptions {
  /** A chat call: whether these (validated) arguments start a new conversation. */
  readonly newConversation?: (...args: unknown[]) => boolean;
}

/**
 * Runs part of a request as a metered call of the request's metering scope: the same check, charge and
 * `api_usage` entry a @Metered handler gets, for a route that is metered only for some inputs (an add that
 * learns from messages is a chat call; a plain add is not). Call it after the input is validated.
 */
export function meteredInScope<T>(
  endpoint: MeteredEndpoint,
  handler: () => Promise<T>,
  newConversation = false,
): Promise<T> {
  return runMetered(endpoint, handler, newConversation, false);
}

/** `meteredInScope`; `isAnswer`: the handler's result is the answer, sent as it is (a @Metered route's). */
async function runMetered<T>(
  endpoint: MeteredEndpoint,
  handler: () => Promise<T>,
  newConversation: boolean,
  isAnswer: boolean,
): Promise<T> {
  const scope = currentMeteringScope();
  if (!scope) throw new Error(`Metering of ${endpoint} ran outside a metering scope`);
  if (!scope.principal) throw new CommonError(CommonErrorCode.Unauthorized, SIGN_IN_REQUIRED_MESSAGE);
  const { result, usage, resultJson } = await scope.meter.run(
    {
      principal: scope.principal,
      endpoint,
      input: scope.input,
      ...(newConversation ? { newConversation: true } : {}),
    },
    handler,
  );
  if (isAnswer) scope.onMetered?.(usage, { result, json: resultJson });
  else scope.onMetered?.(usage);
  return result;
}

/**
 * Meters a route or resolver: the subscription check (402 / extensions.reason when invalid), the charge,
 * and the `api_usage` entry with the tokens processed. It wraps the handler itself, so it runs after the
 * guards and pipes: input refused as invalid is never metered and changes nothing. Needs the edge's
 * metering interceptor (every gateway controller and the BFF have it).
 *
 * `@Metered(METERED_ENDPOINTS.memorySearch)`
 */
export function Metered(endpoint: MeteredEndpoint, options: MeteredOptions = {}): MethodDecorator {
  return (_target, _key, descriptor) => {
    const original = descriptor.value as unknown as (...args: unknown[]) => Promise<unknown>;
    const metered = function (this: unknown, ...args: unknown[]): Promise<unknown> {
      return runMetered(
        endpoint,
        () => original.apply(this, args),
        options.newConversation?.(...args) ?? false,
        true,
      );
    };
    // Route and resolver metadata sits on the function: the wrapper carries all of it over.
    for (const key of Reflect.getMetadataKeys(original) as unknown[])
      Reflect.defineMetadata(key, Reflect.getMetadata(key, original), metered);
    Reflect.defineMetadata(METERED_ENDPOINT, endpoint, metered);
    Object.defineProperty(metered, 'name', { value: original.name });
    (descriptor as PropertyDescriptor).value = metered;
    return descriptor;
  };
}
