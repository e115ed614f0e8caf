import { describe, expect, it } from '@jest/globals';
import { relativeTime } from './relative-time.util';

describe('relativeTime', () => {
  const now = Date.parse('2026-04-30T12:00:00.000Z');
  it('says Never without a date, then minutes, hours, days and a date past 30 days', () => {
    expect(relativeTime(null, now)).toBe('Never');
    expect(relativeTime('2026-04-30T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-04-30T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-04-28T12:00:00.000Z', now)).toBe('2 days ago');
    expect(relativeTime('2026-03-01T12:00:00.000Z', now)).toBe(
      new Date('2026-03-01T12:00:00.000Z').toLocaleDateString(undefined, { dateStyle: 'medium' }),
    );
  });

  it('says "Just now" under a minute and counts one in the singular', () => {
    expect(relativeTime('2026-04-30T11:59:30.000Z', now)).toBe('Just now');
    expect(relativeTime('2026-04-30T12:00:00.000Z', now)).toBe('Just now');
    expect(relativeTime('2026-04-30T11:59:00.000Z', now)).toBe('1 minute ago');
    expect(relativeTime('2026-04-30T11:00:00.000Z', now)).toBe('1 hour ago');
    expect(relativeTime('2026-04-29T12:00:00.000Z', now)).toBe('1 day ago');
  });
});
