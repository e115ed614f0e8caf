/** The key's first characters stay readable in the one-time reveal (web-app.md section 9). */
export const API_KEY_VISIBLE_CHARACTERS = 8;

export function maskApiKey(secret: string): string {
  if (secret.length <= API_KEY_VISIBLE_CHARACTERS) return secret;
  return secret.slice(0, API_KEY_VISIBLE_CHARACTERS) + '•'.repeat(secret.length - API_KEY_VISIBLE_CHARACTERS);
}

/** Date and time in the browser's locale; "N/A" when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
