import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_STORE, type IdentityStore } from '../ports/identity-store.js';
import { type MemoryGraph, newMemoryGraph, type User } from '../domain/user.js';
import { CLOCK, type Clock } from '@membolt/platform';
import type { UserRepository } from '../ports/user.repository.js';
import { userNotFound } from '../identity.errors.js';

/** A live account: stored, not being deleted, and with its memory graph. */
export type ActiveUser = User & { readonly memoryGraph: MemoryGraph };

/** Loads accounts for the other services: an account being deleted answers as if it did not exist. */
@Injectable()
export class UserDirectory {
  constructor(
    @Inject(IDENTITY_STORE) private readonly store: IdentityStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The acting user's account, or `user-not-found`. */
  async require(userId: string): Promise<ActiveUser> {
    const user = await this.find(userId);
    if (!user) throw userNotFound();
    return user;
  }

  async find(userId: string): Promise<ActiveUser | null> {
    const user = await this.store.users.findById(userId);
    return user && !user.deletedAt ? this.withMemoryGraph(user) : null;
  }

  /** Gives an account without a memory graph its graph (idempotent: an existing graph is kept). */
  async withMemoryGraph(user: User): Promise<ActiveUser> {
    if (user.memoryGraph) return { ...user, memoryGraph: user.memoryGraph };
    const memoryGraph = newMemoryGraph(this.clock.now());
    const updated = await this.store.users.update(user.id, { memoryGraph });
    if (!updated) throw userNotFound();
    return { ...updated, memoryGraph: updated.memoryGraph ?? memoryGraph };
  }

  /** Applies a change to the acting user's live account and returns it. */
  async update(userId: string, patch: Parameters<UserRepository['update']>[1]): Promise<ActiveUser> {
    await this.require(userId);
    const updated = await this.store.users.update(userId, patch);
    if (!updated || updated.deletedAt) throw userNotFound();
    return this.withMemoryGraph(updated);
  }
}
