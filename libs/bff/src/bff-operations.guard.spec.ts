import { describe, expect, it } from '@jest/globals';
import { RESOLVER_NAME_METADATA, RESOLVER_TYPE_METADATA } from '@nestjs/graphql';
import { BFF_RESOLVERS } from './bff.module.js';
import { IS_PUBLIC_OPERATION } from './common/public.decorator.js';

/**
 * Every GraphQL operation is guarded by SessionGuard (global) unless it is marked @Public(). This test
 * pins the public set, so making an operation public is always a deliberate, reviewed change.
 */
const EXPECTED_PUBLIC = [
  'Mutation.refreshSession',
  'Mutation.requestPasswordReset',
  'Mutation.resetPassword',
  'Mutation.signIn',
  'Mutation.signOut',
  'Mutation.signUp',
  'Query.authConfig',
  'Query.planCatalogue',
  'Query.sharedConversation',
];

/** The memory operations act on the signed-in user's own memories: never public. */
const MEMORY_OPERATIONS = [
  'Mutation.createMemory',
  'Mutation.deleteMemory',
  'Mutation.updateMemory',
  'Query.conceptMemories',
  'Query.memories',
  'Query.memory',
  'Query.memoryConcepts',
  'Query.memoryGraph',
  'Query.memoryHistory',
  'Query.memorySearch',
  'Query.memoryStats',
];

function operations() {
  return BFF_RESOLVERS.flatMap((resolver) =>
    Object.getOwnPropertyNames(resolver.prototype)
      .filter((method) => method !== 'constructor')
      .flatMap((method) => {
        // Read methods only: getters (e.g. cookie options) need an instance.
        const handler: unknown = Object.getOwnPropertyDescriptor(resolver.prototype, method)?.value;
        return typeof handler === 'function' ? [{ method, handler }] : [];
      })
      .map(({ method, handler }) => {
        const type: unknown = Reflect.getMetadata(RESOLVER_TYPE_METADATA, handler);
        const name: unknown = Reflect.getMetadata(RESOLVER_NAME_METADATA, handler);
        return {
          type,
          name: String(name ?? method),
          isPublic: Reflect.getMetadata(IS_PUBLIC_OPERATION, handler) === true,
        };
      })
      .filter((op) => op.type === 'Query' || op.type === 'Mutation'),
  );
}

describe('BFF operation guards', () => {
  it('finds the operations of every resolver', () => {
    expect(operations().length).toBeGreaterThan(EXPECTED_PUBLIC.length);
  });

  it('keeps exactly the reviewed operations public; all others need a session', () => {
    const publicOps = operations()
      .filter((op) => op.isPublic)
      .map((op) => `${String(op.type)}.${op.name}`)
      .sort();
    expect(publicOps).toEqual(EXPECTED_PUBLIC);
  });

  it('serves every memory operation to signed-in users only', () => {
    const byName = new Map(operations().map((op) => [`${String(op.type)}.${op.name}`, op]));
    for (const name of MEMORY_OPERATIONS) {
      expect({ name, found: byName.has(name), isPublic: byName.get(name)?.isPublic }).toEqual({
        name,
        found: true,
        isPublic: false,
      });
    }
  });
});
