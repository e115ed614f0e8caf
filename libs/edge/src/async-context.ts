import { AsyncResource } from 'node:async_hooks';

/**
 * `fn`, to be called later (from another request's callback, a stream event) in the async context of this
 * call: its AsyncLocalStorage stores, so the request's correlation id. What `AsyncResource.bind(fn)` does,
 * without the deprecated `asyncResource` accessor pair Node 20 defines on every function it binds: those two
 * `util.deprecate` wrappers cost ~28 µs a call against ~0.7 µs for the resource itself, and the edge binds
 * once or twice per request, a refused one included.
 */
export function inThisAsyncContext<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const resource = new AsyncResource('membolt.edge.deferred');
  return (...args: A): R => resource.runInAsyncScope(fn, undefined, ...args);
}
