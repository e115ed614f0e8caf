import type { MemoryGraphView, UserView } from '@membolt/contracts';
import type { MemoryGraph, User } from './domain/user.js';

/** The one place a stored user becomes the bus view. */
export function toUserView(user: User & { readonly memoryGraph: MemoryGraph }): UserView {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    bio: user.bio,
    createdAt: user.createdAt.toISOString(),
    lastActiveAt: user.lastActiveAt ? user.lastActiveAt.toISOString() : null,
    settings: { theme: user.settings.theme, defaultModel: user.settings.defaultModel },
    notifications: { ...user.notifications },
    memoryGraph: toMemoryGraphView(user.memoryGraph),
    authMethods: [...user.authMethods],
    setupComplete: user.setupComplete,
  };
}

export function toMemoryGraphView(graph: MemoryGraph): MemoryGraphView {
  return { id: graph.id, status: graph.status, createdAt: graph.createdAt.toISOString() };
}
