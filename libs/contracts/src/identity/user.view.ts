import { z } from 'zod';
import { THEMES } from '../rules/account.rules.js';

/*
 * The account as identity answers it on the bus (the REST account routes answer it too). Notes meant for the
 * code stay doc comments: GraphQL words these fields through the BFF's own `descriptions`.
 */

export const NotificationPreferencesView = z
  .object({
    emailNotifications: z.boolean(),
    newFeatures: z.boolean(),
    marketingEmails: z.boolean(),
    conversationSummaries: z.boolean(),
  })
  .readonly();
export type NotificationPreferencesView = z.output<typeof NotificationPreferencesView>;

export const MemoryGraphView = z
  .object({
    /** `graph_<uuid>` */
    id: z.string(),
    status: z.literal('active'),
    createdAt: z.string(),
  })
  .readonly();
export type MemoryGraphView = z.output<typeof MemoryGraphView>;

export const UserSettingsView = z.object({ theme: z.enum(THEMES), defaultModel: z.string() }).readonly();
export type UserSettingsView = z.output<typeof UserSettingsView>;

/** The signed-in user as identity knows them. Dates are ISO-8601 strings. */
export const UserView = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    bio: z.string(),
    createdAt: z.string(),
    lastActiveAt: z.string().nullable(),
    settings: UserSettingsView,
    notifications: NotificationPreferencesView,
    memoryGraph: MemoryGraphView,
    /** Sign-in methods: 'password' and/or 'google'. */
    authMethods: z.array(z.enum(['password', 'google'])).readonly(),
    /** False until the follow-up steps of sign-up (default API key, free subscription) have completed. */
    setupComplete: z.boolean(),
  })
  .readonly();
export type UserView = z.output<typeof UserView>;

export interface SessionView {
  readonly user: UserView;
  readonly accessToken: string;
  readonly accessTokenExpiresAt: string;
  readonly refreshToken: string;
  readonly refreshTokenExpiresAt: string;
  /** "Remember me": when false the edge sets browser-session cookies. */
  readonly persistent: boolean;
  /**
   * Set by a password sign-in: marks this browser as a known device of the account. The edge keeps it in a
   * long-lived cookie and sends it with later sign-ins, which then are not blocked by other addresses' failures.
   */
  readonly deviceToken?: string;
}

export interface OidcStartView {
  readonly authorizationUrl: string;
}

export const OidcStatusView = z.object({ enabled: z.boolean(), providerName: z.string() }).readonly();
export type OidcStatusView = z.output<typeof OidcStatusView>;

export interface AcceptedView {
  readonly accepted: true;
}

/** One service's answer to `<service>.user-data.delete.v1`: what it removed (counts by kind). */
export const UserDataDeletionView = z
  .object({
    service: z.string(),
    removed: z.record(z.string(), z.int()).readonly(),
  })
  .readonly();
export type UserDataDeletionView = z.output<typeof UserDataDeletionView>;

/** What account deletion removed, per service. */
export const DeletionReceiptView = z
  .object({
    userId: z.string(),
    deletedAt: z.string(),
    services: z.array(UserDataDeletionView).readonly(),
    /** Services that could not be reached yet: identity retries them until they confirm. */
    pending: z.array(z.string()).readonly(),
  })
  .readonly();
export type DeletionReceiptView = z.output<typeof DeletionReceiptView>;
