import { Schema } from 'mongoose';

/** Persistence models of identity's MongoDB database (`membolt_identity`). Mapped to domain types by each repository. */
export interface UserDocument {
  _id: string;
  email: string;
  name: string;
  bio: string;
  passwordHash: string | null;
  authMethods: string[];
  googleSubject: string | null;
  settings: { theme: string; defaultModel: string };
  notifications: {
    emailNotifications: boolean;
    newFeatures: boolean;
    marketingEmails: boolean;
    conversationSummaries: boolean;
  };
  memoryGraph: { id: string; status: string; createdAt: Date } | null;
  createdAt: Date;
  lastActiveAt: Date | null;
  setupComplete: boolean;
  deletedAt: Date | null;
}

export interface SessionDocument {
  _id: string;
  userId: string;
  persistent: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
}

export interface RefreshTokenDocument {
  _id: string;
  sessionId: string;
  userId: string;
  issuedAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface PasswordResetTokenDocument {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export interface OidcRequestDocument {
  _id: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  remember: boolean;
  createdAt: Date;
  expiresAt: Date;
}

export interface AttemptDocument {
  key: string;
  at: Date;
  expiresAt: Date;
}

export interface OutboxDocument {
  userId: string;
  kind: string;
  createdAt: Date;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

const settingsSchema = new Schema(
  { theme: { type: String, required: true }, defaultModel: { type: String, required: true } },
  { _id: false },
);
const notificationsSchema = new Schema(
  {
    emailNotifications: { type: Boolean, required: true },
    newFeatures: { type: Boolean, required: true },
    marketingEmails: { type: Boolean, required: true },
    conversationSummaries: { type: Boolean, required: true },
  },
  { _id: false },
);
const memoryGraphSchema = new Schema(
  {
    id: { type: String, required: true },
    status: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { _id: false },
);

export const userSchema = new Schema<UserDocument>(
  {
    _id: { type: String, required: true },
    email: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    bio: { type: String, required: true },
    passwordHash: { type: String, default: null },
    authMethods: { type: [String], required: true },
    googleSubject: { type: String, default: null },
    settings: { type: settingsSchema, required: true },
    notifications: { type: notificationsSchema, required: true },
    memoryGraph: { type: memoryGraphSchema, default: null },
    createdAt: { type: Date, required: true },
    lastActiveAt: { type: Date, default: null },
    setupComplete: { type: Boolean, required: true },
    deletedAt: { type: Date, default: null },
  },
  { collection: 'users', versionKey: false },
);
// Unique among accounts that have one; accounts without Google sign-in hold null.
userSchema.index(
  { googleSubject: 1 },
  { unique: true, partialFilterExpression: { googleSubject: { $type: 'string' } } },
);

export const sessionSchema = new Schema<SessionDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    persistent: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    lastUsedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { collection: 'sessions', versionKey: false },
);

export const refreshTokenSchema = new Schema<RefreshTokenDocument>(
  {
    _id: { type: String, required: true },
    sessionId: { type: String, required: true, index: true },
    userId: { type: String, required: true, index: true },
    issuedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'refresh_tokens', versionKey: false },
);

export const passwordResetTokenSchema = new Schema<PasswordResetTokenDocument>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true, index: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
    usedAt: { type: Date, default: null },
  },
  { collection: 'password_reset_tokens', versionKey: false },
);

export const oidcRequestSchema = new Schema<OidcRequestDocument>(
  {
    _id: { type: String, required: true },
    nonce: { type: String, required: true },
    codeVerifier: { type: String, required: true },
    redirectUri: { type: String, required: true },
    remember: { type: Boolean, required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true, index: true },
  },
  { collection: 'oidc_requests', versionKey: false },
);

export const attemptSchema = new Schema<AttemptDocument>(
  {
    key: { type: String, required: true },
    at: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  { collection: 'attempts', versionKey: false },
);
attemptSchema.index({ key: 1, at: 1 });
// MongoDB removes expired attempts by itself; purgeExpired only hurries it.
attemptSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export const outboxSchema = new Schema<OutboxDocument>(
  {
    userId: { type: String, required: true },
    kind: { type: String, required: true },
    createdAt: { type: Date, required: true },
    attempts: { type: Number, required: true },
    nextAttemptAt: { type: Date, required: true, index: true },
    lastError: { type: String, default: null },
  },
  { collection: 'outbox', versionKey: false },
);
outboxSchema.index({ userId: 1, kind: 1 }, { unique: true });

export function isDuplicateKeyError(
  error: unknown,
): error is { code: 11000; keyPattern?: Record<string, unknown> } {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 11000;
}
