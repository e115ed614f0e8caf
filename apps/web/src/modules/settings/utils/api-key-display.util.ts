import { API_KEY_DISPLAY_PREFIX_LENGTH } from '@membolt/contracts/rules';

/** The key's first characters stay readable in the one-time reveal (docs/requirements/web-app.md, Limits and constants), as in the key list. */
export function maskApiKey(secret: string): string {
  if (secret.length <= API_KEY_DISPLAY_PREFIX_LENGTH) return secret;
  return (
    secret.slice(0, API_KEY_DISPLAY_PREFIX_LENGTH) + '•'.repeat(secret.length - API_KEY_DISPLAY_PREFIX_LENGTH)
  );
}

/** Date and time in the browser's locale; "N/A" when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
