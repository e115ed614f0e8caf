import { randomUUID } from 'node:crypto';
import { DEFAULT_BIO, DEFAULT_MODEL_ID, DEFAULT_THEME, type Theme } from '@membolt/contracts';

export type AuthMethod = 'password' | 'google';

export interface NotificationPreferences {
  readonly emailNotifications: boolean;
  readonly newFeatures: boolean;
  readonly marketingEmails: boolean;
  readonly conversationSummaries: boolean;
}

export interface UserSettings {
  readonly theme: Theme;
  readonly defaultModel: string;
}

export interface MemoryGraph {
  /** `graph_<uuid>` */
  readonly id: string;
  readonly status: 'active';
  readonly createdAt: Date;
}

/** An account as identity stores it. `passwordHash` is null for accounts that only sign in with Google. */
export interface User {
  readonly id: string;
  /** Lower-cased; unique. */
  readonly email: string;
  readonly name: string;
  readonly bio: string;
  readonly passwordHash: string | null;
  readonly authMethods: readonly AuthMethod[];
  readonly googleSubject: string | null;
  readonly settings: UserSettings;
  readonly notifications: NotificationPreferences;
  /** Null only for records written before graphs existed; the service creates one on first read. */
  readonly memoryGraph: MemoryGraph | null;
  readonly createdAt: Date;
  readonly lastActiveAt: Date | null;
  /** True once every sign-up follow-up step (default API key, free subscription) has completed. */
  readonly setupComplete: boolean;
  /** Set when account deletion starts: from then on the account answers as if it did not exist. */
  readonly deletedAt: Date | null;
}

/** The fields that change after creation. */
export type UserPatch = Partial<
  Pick<
    User,
    | 'name'
    | 'bio'
    | 'passwordHash'
    | 'authMethods'
    | 'googleSubject'
    | 'settings'
    | 'notifications'
    | 'memoryGraph'
    | 'lastActiveAt'
    | 'setupComplete'
    | 'deletedAt'
  >
>;

const DEFAULT_NOTIFICATIONS: NotificationPreferences = {
  emailNotifications: true,
  newFeatures: true,
  marketingEmails: false,
  conversationSummaries: true,
};

const DEFAULT_SETTINGS: UserSettings = { theme: DEFAULT_THEME, defaultModel: DEFAULT_MODEL_ID };

export function newMemoryGraph(now: Date): MemoryGraph {
  return { id: `graph_${randomUUID()}`, status: 'active', createdAt: now };
}

export interface NewUserInput {
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string | null;
  readonly googleSubject: string | null;
  readonly now: Date;
}

/** A fresh account: the defaults of the spec (bio, settings, notifications) and a new memory graph. */
export function newUser(input: NewUserInput): User {
  const authMethods: AuthMethod[] = [];
  if (input.passwordHash !== null) authMethods.push('password');
  if (input.googleSubject !== null) authMethods.push('google');
  return {
    id: randomUUID(),
    email: input.email.trim().toLowerCase(),
    name: input.name,
    bio: DEFAULT_BIO,
    passwordHash: input.passwordHash,
    authMethods,
    googleSubject: input.googleSubject,
    settings: DEFAULT_SETTINGS,
    notifications: DEFAULT_NOTIFICATIONS,
    memoryGraph: newMemoryGraph(input.now),
    createdAt: input.now,
    lastActiveAt: input.now,
    setupComplete: false,
    deletedAt: null,
  };
}

export function withAuthMethod(methods: readonly AuthMethod[], method: AuthMethod): AuthMethod[] {
  return methods.includes(method) ? [...methods] : [...methods, method];
}
