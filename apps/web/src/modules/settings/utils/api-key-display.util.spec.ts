import { describe, expect, it } from '@jest/globals';
import { formatDateTime, maskApiKey } from './api-key-display.util';

describe('API key display', () => {
  it('keeps the first 8 characters of the key and masks the rest', () => {
    const secret = 'mblt_AbC' + 'x'.repeat(29);
    const masked = maskApiKey(secret);
    expect(masked).toHaveLength(secret.length);
    expect(masked.startsWith('mblt_AbC')).toBe(true);
    expect(masked.slice(8)).toMatch(/^•+$/);
  });

  it('shows N/A for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('N/A');
    expect(formatDateTime('not a date')).toBe('N/A');
    expect(formatDateTime('2030-01-15T09:00:00.000Z')).toMatch(/2030/);
  });
});
