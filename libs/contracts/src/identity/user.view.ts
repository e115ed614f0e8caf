import type { Theme } from '../rules/account.rules.js';

export interface NotificationPreferencesView {
  readonly emailNotifications: boolean;
  readonly newFeatures: boolean;
  readonly marketingEmails: boolean;
  readonly conversationSummaries: boolean;
}

export interface MemoryGraphView {
  /** `graph_<uuid>` */
  readonly id: string;
  readonly status: 'active';
  readonly createdAt: string;
}

/** The signed-in user as identity knows them. Dates are ISO-8601 strings. */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly bio: string;
  readonly createdAt: string;
  readonly lastActiveAt: string | null;
  readonly settings: { readonly theme: Theme; readonly defaultModel: string };
  readonly notifications: NotificationPreferencesView;
  readonly memoryGraph: MemoryGraphView;
  /** Sign-in methods: 'password' and/or 'google'. */
  readonly authMethods: ReadonlyArray<'password' | 'google'>;
  /** False until the follow-up steps of sign-up (default API key, free subscription) have completed. */
  readonly setupComplete: boolean;
}

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

export interface OidcStatusView {
  readonly enabled: boolean;
  readonly providerName: string;
}

export interface AcceptedView {
  readonly accepted: true;
}

/** What account deletion removed, per service. */
export interface DeletionReceiptView {
  readonly userId: string;
  readonly deletedAt: string;
  readonly services: readonly UserDataDeletionView[];
  /** Services that could not be reached yet: identity retries them until they confirm. */
  readonly pending: readonly string[];
}

/** One service's answer to `<service>.user-data.delete.v1`: what it removed (counts by kind). */
export interface UserDataDeletionView {
  readonly service: string;
  readonly removed: Readonly<Record<string, number>>;
}
