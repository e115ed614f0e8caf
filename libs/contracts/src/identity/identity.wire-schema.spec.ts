import { describe, expect, it } from '@jest/globals';
import { validatePayload } from '../common/validate-payload.js';
import * as accessRevocation from './access-revocation.js';
import * as identityRequests from './identity.requests.js';
import * as portal from './portal.js';
import { itRefuses, problemOf, type Refusal } from '../testing/index.js';
import { AccessRevokedEvent, VerifyPasswordRequest } from './access-revocation.js';
import {
  ChangePasswordRequest,
  CompletePasswordResetRequest,
  DeleteAccountRequest,
  FinishOidcRequest,
  NotifyUserRequest,
  RefreshSessionRequest,
  RequestPasswordResetRequest,
  SignInRequest,
  SignUpRequest,
  StartOidcRequest,
  UpdateNotificationsRequest,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
} from './identity.requests.js';
import { ListPortalAuditRequest, RecordPortalActionRequest, UpdatePortalSettingsRequest } from './portal.js';

/*
 * Each text below is what the class-validator class the schema replaced answered for the same payload (both
 * were run side by side on these payloads), so the identity subjects refuse in the same words.
 */
const refusals: ReadonlyArray<Refusal> = [
  [
    AccessRevokedEvent,
    {},
    'sessionIds must contain no more than 1000 elements; each value in sessionIds must be shorter than or equal to 100 characters; each value in sessionIds should not be empty; each value in sessionIds must be a string; userIds must contain no more than 1000 elements; each value in userIds must be shorter than or equal to 100 characters; each value in userIds should not be empty; each value in userIds must be a string; expiresAt must be a valid ISO 8601 date string',
  ],
  [
    AccessRevokedEvent,
    { userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'sessionIds must contain no more than 1000 elements; each value in sessionIds must be shorter than or equal to 100 characters; each value in sessionIds should not be empty; each value in sessionIds must be a string',
  ],
  [
    AccessRevokedEvent,
    { sessionIds: 5, userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'sessionIds must contain no more than 1000 elements; each value in sessionIds must be shorter than or equal to 100 characters; each value in sessionIds must be a string',
  ],
  [
    AccessRevokedEvent,
    { sessionIds: '', userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'sessionIds must contain no more than 1000 elements; each value in sessionIds should not be empty',
  ],
  [
    VerifyPasswordRequest,
    {},
    'password must be shorter than or equal to 1024 characters; Enter your current password.; password must be a string',
  ],
  [
    VerifyPasswordRequest,
    { password: 5 },
    'password must be shorter than or equal to 1024 characters; password must be a string',
  ],
  [VerifyPasswordRequest, { password: '' }, 'Enter your current password.'],
  [
    SignUpRequest,
    {},
    'Email is required; Password is required; Name is required; name must be shorter than or equal to 100 characters',
  ],
  [
    SignUpRequest,
    { password: 'analytical engine', name: 'Ada', clientAddress: '127.0.0.1', userAgent: 'ua' },
    'Email is required',
  ],
  [
    SignUpRequest,
    { email: 'a', password: 'analytical engine', name: 'Ada', clientAddress: '127.0.0.1', userAgent: 'ua' },
    'Please enter a valid email address',
  ],
  [
    SignUpRequest,
    { email: 'ada@example.com', name: 'Ada', clientAddress: '127.0.0.1', userAgent: 'ua' },
    'Password is required',
  ],
  [
    SignInRequest,
    {},
    'email must be shorter than or equal to 254 characters; Please enter both email and password; email must be a string; password must be shorter than or equal to 256 characters; password must be a string; remember must be a boolean value',
  ],
  [
    SignInRequest,
    { password: 'x', remember: true, deviceToken: 'd', clientAddress: '1.2.3.4' },
    'email must be shorter than or equal to 254 characters; Please enter both email and password; email must be a string',
  ],
  [
    SignInRequest,
    { email: 5, password: 'x', remember: true, deviceToken: 'd', clientAddress: '1.2.3.4' },
    'email must be shorter than or equal to 254 characters; email must be a string',
  ],
  [
    SignInRequest,
    { email: '', password: 'x', remember: true, deviceToken: 'd', clientAddress: '1.2.3.4' },
    'Please enter both email and password',
  ],
  [
    RefreshSessionRequest,
    {},
    'refreshToken must be a string; refreshToken should not be empty; refreshToken must be shorter than or equal to 256 characters',
  ],
  [
    RefreshSessionRequest,
    { refreshToken: 5 },
    'refreshToken must be a string; refreshToken must be shorter than or equal to 256 characters',
  ],
  [RefreshSessionRequest, { refreshToken: '' }, 'refreshToken should not be empty'],
  [
    StartOidcRequest,
    {},
    'redirectUri must be shorter than or equal to 2048 characters; redirectUri must be a string; remember must be a boolean value',
  ],
  [
    StartOidcRequest,
    { remember: false },
    'redirectUri must be shorter than or equal to 2048 characters; redirectUri must be a string',
  ],
  [StartOidcRequest, { redirectUri: 'http://x/cb' }, 'remember must be a boolean value'],
  [
    FinishOidcRequest,
    {},
    'callbackUrl must be shorter than or equal to 8192 characters; callbackUrl must be a string',
  ],
  [
    FinishOidcRequest,
    { callbackUrl: 'http://x/cb?code=1', userAgent: 5 },
    'userAgent must be shorter than or equal to 512 characters; userAgent must be a string',
  ],
  [
    FinishOidcRequest,
    { callbackUrl: 5, userAgent: 5 },
    'callbackUrl must be shorter than or equal to 8192 characters; callbackUrl must be a string; userAgent must be shorter than or equal to 512 characters; userAgent must be a string',
  ],
  [
    RequestPasswordResetRequest,
    {},
    'Email is required; resetUrl must be shorter than or equal to 2048 characters; resetUrl must be a string',
  ],
  [RequestPasswordResetRequest, { resetUrl: 'http://x/reset' }, 'Email is required'],
  [
    RequestPasswordResetRequest,
    { email: 'a', resetUrl: 'http://x/reset' },
    'Please enter a valid email address',
  ],
  [
    RequestPasswordResetRequest,
    { email: 'a@b.co' },
    'resetUrl must be shorter than or equal to 2048 characters; resetUrl must be a string',
  ],
  [
    CompletePasswordResetRequest,
    {},
    'token must be a string; token should not be empty; token must be shorter than or equal to 256 characters; Password is required',
  ],
  [
    CompletePasswordResetRequest,
    { newPassword: 'long enough' },
    'token must be a string; token should not be empty; token must be shorter than or equal to 256 characters',
  ],
  [
    CompletePasswordResetRequest,
    { token: 5, newPassword: 'long enough' },
    'token must be a string; token must be shorter than or equal to 256 characters',
  ],
  [CompletePasswordResetRequest, { token: '', newPassword: 'long enough' }, 'token should not be empty'],
  [
    UpdateProfileRequest,
    { name: 5, bio: 'b' },
    'Name is required; name must be shorter than or equal to 100 characters',
  ],
  [UpdateProfileRequest, { name: '', bio: 'b' }, 'Name is required'],
  [
    UpdateProfileRequest,
    { name: 'x'.repeat(101), bio: 'b' },
    'name must be shorter than or equal to 100 characters',
  ],
  [
    UpdateProfileRequest,
    { name: 'Ada', bio: 5 },
    'bio must be shorter than or equal to 500 characters; bio must be a string',
  ],
  [
    UpdatePreferencesRequest,
    { theme: 'dark', defaultModel: 'auto' },
    'defaultModel must be one of the following values: claude-3-7-sonnet, claude-3-5-sonnet, claude-3-haiku, gpt-4o, gpt-4',
  ],
  [
    UpdatePreferencesRequest,
    { theme: 5, defaultModel: 'auto' },
    'theme must be one of the following values: light, dark; defaultModel must be one of the following values: claude-3-7-sonnet, claude-3-5-sonnet, claude-3-haiku, gpt-4o, gpt-4',
  ],
  [
    UpdateNotificationsRequest,
    { emailNotifications: 5, newFeatures: false, marketingEmails: true, conversationSummaries: false },
    'emailNotifications must be a boolean value',
  ],
  [
    UpdateNotificationsRequest,
    { emailNotifications: true, newFeatures: 5, marketingEmails: true, conversationSummaries: false },
    'newFeatures must be a boolean value',
  ],
  [
    UpdateNotificationsRequest,
    { emailNotifications: true, newFeatures: false, marketingEmails: 5, conversationSummaries: false },
    'marketingEmails must be a boolean value',
  ],
  [
    UpdateNotificationsRequest,
    { emailNotifications: true, newFeatures: false, marketingEmails: true, conversationSummaries: 5 },
    'conversationSummaries must be a boolean value',
  ],
  [
    ChangePasswordRequest,
    {},
    'currentPassword must be shorter than or equal to 256 characters; Current password is required; currentPassword must be a string; Password is required',
  ],
  [
    ChangePasswordRequest,
    { newPassword: 'long enough', keepSessionId: 's1' },
    'currentPassword must be shorter than or equal to 256 characters; Current password is required; currentPassword must be a string',
  ],
  [
    ChangePasswordRequest,
    { currentPassword: 5, newPassword: 'long enough', keepSessionId: 's1' },
    'currentPassword must be shorter than or equal to 256 characters; currentPassword must be a string',
  ],
  [
    ChangePasswordRequest,
    { currentPassword: '', newPassword: 'long enough', keepSessionId: 's1' },
    'Current password is required',
  ],
  [DeleteAccountRequest, { startBy: 5 }, 'startBy must be a valid ISO 8601 date string'],
  [
    NotifyUserRequest,
    {},
    'subject is required; subject must be shorter than or equal to 200 characters; text is required; text must be shorter than or equal to 5000 characters',
  ],
  [
    NotifyUserRequest,
    { text: 'T' },
    'subject is required; subject must be shorter than or equal to 200 characters',
  ],
  [NotifyUserRequest, { subject: '', text: 'T' }, 'subject is required'],
  [
    NotifyUserRequest,
    { subject: 'x'.repeat(201), text: 'T' },
    'subject must be shorter than or equal to 200 characters',
  ],
  [
    UpdatePortalSettingsRequest,
    {
      displayName: 5,
      logoUrl: 'https://a.example/logo.png',
      color: '#aabbcc',
      frameOrigins: ['https://app.example'],
    },
    'displayName must be shorter than or equal to 100 characters; displayName must be a string',
  ],
  [
    UpdatePortalSettingsRequest,
    { displayName: 'Acme', logoUrl: 5, color: '#aabbcc', frameOrigins: ['https://app.example'] },
    'logo_url must be an https:// URL (or http:// on localhost); logoUrl must be shorter than or equal to 2048 characters; logoUrl must be a string',
  ],
  [
    UpdatePortalSettingsRequest,
    { displayName: 'Acme', logoUrl: '', color: '#aabbcc', frameOrigins: ['https://app.example'] },
    'logo_url must be an https:// URL (or http:// on localhost)',
  ],
  [
    UpdatePortalSettingsRequest,
    {
      displayName: 'Acme',
      logoUrl: 'https://a.example/logo.png',
      color: 5,
      frameOrigins: ['https://app.example'],
    },
    'color must be a colour such as #1976d2',
  ],
  [
    RecordPortalActionRequest,
    {},
    'id must be a UUID; endUserId must be shorter than or equal to 200 characters; endUserId should not be empty; endUserId must be a string; action must be one of the following values: viewed, corrected, forgot, forgot_all, exported',
  ],
  [
    RecordPortalActionRequest,
    { endUserId: 'e1', action: 'viewed', memoryId: 'm1', memoryCount: 3 },
    'id must be a UUID',
  ],
  [
    RecordPortalActionRequest,
    { id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', action: 'viewed', memoryId: 'm1', memoryCount: 3 },
    'endUserId must be shorter than or equal to 200 characters; endUserId should not be empty; endUserId must be a string',
  ],
  [
    RecordPortalActionRequest,
    {
      id: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b',
      endUserId: 5,
      action: 'viewed',
      memoryId: 'm1',
      memoryCount: 3,
    },
    'endUserId must be shorter than or equal to 200 characters; endUserId must be a string',
  ],
  [
    ListPortalAuditRequest,
    {},
    'limit must not be greater than 200; limit must not be less than 1; limit must be an integer number; offset must not be greater than 1000000000; offset must not be less than 0; offset must be an integer number',
  ],
  [
    ListPortalAuditRequest,
    { endUserId: 5, limit: 10, offset: 0 },
    'endUserId must be shorter than or equal to 200 characters; endUserId must be a string',
  ],
  [ListPortalAuditRequest, { endUserId: '', limit: 10, offset: 0 }, 'endUserId should not be empty'],
  [
    ListPortalAuditRequest,
    { endUserId: 'x'.repeat(201), limit: 10, offset: 0 },
    'endUserId must be shorter than or equal to 200 characters',
  ],
  [
    UpdatePortalSettingsRequest,
    { displayName: 'Acme', logoUrl: 'https://a.example/logo.png', color: '#aabbcc', frameOrigins: 5 },
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); each value in frameOrigins must be shorter than or equal to 255 characters; each value in frameOrigins must be a string; frame_origins may list at most 20 origins; frameOrigins must be an array',
  ],
  [
    UpdatePortalSettingsRequest,
    { displayName: 'Acme', logoUrl: 'https://a.example/logo.png', color: '#aabbcc', frameOrigins: '' },
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); frame_origins may list at most 20 origins; frameOrigins must be an array',
  ],
  [
    UpdatePortalSettingsRequest,
    { displayName: 'Acme', logoUrl: 'https://a.example/logo.png', color: '#aabbcc', frameOrigins: ['a'] },
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path)',
  ],
  [
    UpdatePortalSettingsRequest,
    { displayName: 'Acme', logoUrl: 'https://a.example/logo.png', color: '#aabbcc', frameOrigins: [1] },
    'frame_origins must be origins such as https://app.example.com (scheme, host and optional port; no path); each value in frameOrigins must be shorter than or equal to 255 characters; each value in frameOrigins must be a string',
  ],
  [
    AccessRevokedEvent,
    { sessionIds: [1], userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'each value in sessionIds must be shorter than or equal to 100 characters; each value in sessionIds must be a string',
  ],
  [
    AccessRevokedEvent,
    { sessionIds: ['x'.repeat(101)], userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'each value in sessionIds must be shorter than or equal to 100 characters',
  ],
  [
    AccessRevokedEvent,
    { sessionIds: [''], userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'each value in sessionIds should not be empty',
  ],
  [
    AccessRevokedEvent,
    { sessionIds: [null], userIds: [], expiresAt: '2026-01-01T00:00:00Z' },
    'each value in sessionIds must be shorter than or equal to 100 characters; each value in sessionIds should not be empty; each value in sessionIds must be a string',
  ],
];

describe('identity wire schemas on receipt', () => {
  itRefuses(refusals, {
    names: { ...accessRevocation, ...identityRequests, ...portal },
    title: 'refuse %s %j with the class-validator texts',
  });

  it('ask once for both sign-in fields when both are missing, as the class did', () => {
    expect(problemOf(SignInRequest, { remember: true })).toBe(
      'email must be shorter than or equal to 254 characters; Please enter both email and password; email must be a string; password must be shorter than or equal to 256 characters; password must be a string',
    );
  });

  it('read a null optional field as absent, but keep the null that clears a portal setting', () => {
    expect(validatePayload(UpdateProfileRequest, { name: null, bio: 'b' })).toEqual({ bio: 'b' });
    expect(
      validatePayload(UpdatePortalSettingsRequest, { displayName: null, logoUrl: null, color: null }),
    ).toEqual({ displayName: null, logoUrl: null, color: null });
  });

  it('clear the frame origins on null (the class let a null list through to an update that failed)', () => {
    expect(validatePayload(UpdatePortalSettingsRequest, { frameOrigins: null })).toEqual({
      frameOrigins: [],
    });
  });

  it('normalise an e-mail address before checking it', () => {
    expect(
      validatePayload(RequestPasswordResetRequest, { email: ' Ada@Example.COM ', resetUrl: 'http://x/r' }),
    ).toEqual({ email: 'ada@example.com', resetUrl: 'http://x/r' });
  });
});
