import type { Theme } from '@membolt/contracts';
import type { Model } from 'mongoose';
import type { SetupStepKind } from '../../domain/outbox-step.js';
import type { AuthMethod, User, UserPatch } from '../../domain/user.js';
import type { CreateUserResult, UserRepository } from '../../ports/user.repository.js';
import { isDuplicateKeyError, type OutboxDocument, type UserDocument } from './identity.schemas.js';

export class UserMongoRepository implements UserRepository {
  constructor(
    private readonly users: Model<UserDocument>,
    private readonly outbox: Model<OutboxDocument>,
  ) {}

  async create(user: User, setupSteps: readonly SetupStepKind[]): Promise<CreateUserResult> {
    // No multi-document transactions on a standalone mongod: the steps are written first, so an account
    // never exists without them. Steps left behind by a failed insert belong to a user id nobody has; the
    // outbox worker drops them after a grace period.
    const at = user.createdAt;
    await this.outbox.bulkWrite(
      setupSteps.map((kind) => ({
        updateOne: {
          filter: { userId: user.id, kind },
          update: {
            $setOnInsert: {
              userId: user.id,
              kind,
              createdAt: at,
              attempts: 0,
              nextAttemptAt: at,
              lastError: null,
            },
          },
          upsert: true,
        },
      })),
    );
    try {
      await this.users.create(toDocument(user));
      return 'created';
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      await this.outbox.deleteMany({ userId: user.id }).exec();
      return error.keyPattern && 'googleSubject' in error.keyPattern ? 'google-subject-taken' : 'email-taken';
    }
  }

  async findById(userId: string): Promise<User | null> {
    return toUserOrNull(await this.users.findById(userId).lean<UserDocument>().exec());
  }

  async findByEmail(email: string): Promise<User | null> {
    return toUserOrNull(
      await this.users.findOne({ email: email.trim().toLowerCase() }).lean<UserDocument>().exec(),
    );
  }

  async findByGoogleSubject(subject: string): Promise<User | null> {
    return toUserOrNull(await this.users.findOne({ googleSubject: subject }).lean<UserDocument>().exec());
  }

  async update(userId: string, patch: UserPatch): Promise<User | null> {
    const set: Partial<UserDocument> = {};
    if (patch.name !== undefined) set.name = patch.name;
    if (patch.bio !== undefined) set.bio = patch.bio;
    if (patch.passwordHash !== undefined) set.passwordHash = patch.passwordHash;
    if (patch.authMethods !== undefined) set.authMethods = [...patch.authMethods];
    if (patch.googleSubject !== undefined) set.googleSubject = patch.googleSubject;
    if (patch.settings !== undefined) set.settings = { ...patch.settings };
    if (patch.notifications !== undefined) set.notifications = { ...patch.notifications };
    if (patch.memoryGraph !== undefined)
      set.memoryGraph = patch.memoryGraph ? { ...patch.memoryGraph } : null;
    if (patch.lastActiveAt !== undefined) set.lastActiveAt = patch.lastActiveAt;
    if (patch.setupComplete !== undefined) set.setupComplete = patch.setupComplete;
    if (patch.deletedAt !== undefined) set.deletedAt = patch.deletedAt;
    const updated = await this.users
      .findOneAndUpdate({ _id: userId }, { $set: set }, { returnDocument: 'after' })
      .lean<UserDocument>()
      .exec();
    return toUserOrNull(updated);
  }

  async delete(userId: string): Promise<number> {
    return (await this.users.deleteOne({ _id: userId }).exec()).deletedCount;
  }
}

function toUserOrNull(doc: UserDocument | null): User | null {
  if (!doc) return null;
  return {
    id: doc._id,
    email: doc.email,
    name: doc.name,
    bio: doc.bio,
    passwordHash: doc.passwordHash ?? null,
    authMethods: doc.authMethods as AuthMethod[],
    googleSubject: doc.googleSubject ?? null,
    settings: { theme: doc.settings.theme as Theme, defaultModel: doc.settings.defaultModel },
    notifications: {
      emailNotifications: doc.notifications.emailNotifications,
      newFeatures: doc.notifications.newFeatures,
      marketingEmails: doc.notifications.marketingEmails,
      conversationSummaries: doc.notifications.conversationSummaries,
    },
    memoryGraph: doc.memoryGraph
      ? { id: doc.memoryGraph.id, status: 'active', createdAt: doc.memoryGraph.createdAt }
      : null,
    createdAt: doc.createdAt,
    lastActiveAt: doc.lastActiveAt ?? null,
    setupComplete: doc.setupComplete,
    deletedAt: doc.deletedAt ?? null,
  };
}

function toDocument(user: User): UserDocument {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    bio: user.bio,
    passwordHash: user.passwordHash,
    authMethods: [...user.authMethods],
    googleSubject: user.googleSubject,
    settings: { ...user.settings },
    notifications: { ...user.notifications },
    memoryGraph: user.memoryGraph ? { ...user.memoryGraph } : null,
    createdAt: user.createdAt,
    lastActiveAt: user.lastActiveAt,
    setupComplete: user.setupComplete,
    deletedAt: user.deletedAt,
  };
}
