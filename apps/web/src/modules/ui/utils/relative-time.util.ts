import { countLabel } from './count-label.util';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

const ago = (count: number, unit: string) => `${countLabel(count, unit)} ago`;

/**
 * "Just now", "5 minutes ago", "3 hours ago", "12 days ago", then a date (docs/requirements/web-app.md, Limits and constants: minutes
 * under 60, hours under 24, days under 30, otherwise a date). `now` is a parameter so tests need no clock.
 */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const elapsed = Math.max(0, now.getTime() - at.getTime());
  if (elapsed < MINUTE_MS) return 'Just now';
  if (elapsed < HOUR_MS) return ago(Math.floor(elapsed / MINUTE_MS), 'minute');
  if (elapsed < DAY_MS) return ago(Math.floor(elapsed / HOUR_MS), 'hour');
  if (elapsed < 30 * DAY_MS) return ago(Math.floor(elapsed / DAY_MS), 'day');
  return at.toLocaleDateString(undefined, { dateStyle: 'medium' });
}
