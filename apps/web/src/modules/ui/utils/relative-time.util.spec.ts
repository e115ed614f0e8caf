import { describe, expect, it } from '@jest/globals';
import { formatRelativeTime } from './relative-time.util';

const NOW = new Date('2026-05-31T12:00:00.000Z');
const before = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

describe('formatRelativeTime', () => {
  it('counts minutes under an hour, hours under a day and days under 30 days', () => {
    expect(formatRelativeTime(before(10_000), NOW)).toBe('Just now');
    expect(formatRelativeTime(before(60_000), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(before(59 * 60_000), NOW)).toBe('59 minutes ago');
    expect(formatRelativeTime(before(60 * 60_000), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(before(23 * 3_600_000), NOW)).toBe('23 hours ago');
    expect(formatRelativeTime(before(24 * 3_600_000), NOW)).toBe('1 day ago');
    expect(formatRelativeTime(before(29 * 86_400_000), NOW)).toBe('29 days ago');
  });

  it('shows a date from 30 days on, and nothing for an unreadable time', () => {
    expect(formatRelativeTime(before(30 * 86_400_000), NOW)).toBe(
      new Date(before(30 * 86_400_000)).toLocaleDateString(undefined, { dateStyle: 'medium' }),
    );
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});
