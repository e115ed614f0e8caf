const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** web-app.md section 9: minutes under 60, hours under 24, days under 30, otherwise a date; "Never" for none. */
export function relativeTime(iso: string | null | undefined, now: number = Date.now()): string {
  if (!iso) return 'Never';
  const elapsed = Math.max(0, now - Date.parse(iso));
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} minutes ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} hours ago`;
  if (elapsed < 30 * DAY) return `${Math.floor(elapsed / DAY)} days ago`;
  return new Date(iso).toLocaleDateString();
}
