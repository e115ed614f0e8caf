import { describe, expect, it } from '@jest/globals';
import { avatarLetter, greetingName, planLabel } from './user-display.util';

describe('user display', () => {
  it('uses the first letter of the name for the avatar, else U', () => {
    expect(avatarLetter('ada Lovelace')).toBe('A');
    expect(avatarLetter('   ')).toBe('U');
    expect(avatarLetter(null)).toBe('U');
  });

  it('upper-cases the plan and defaults to FREE', () => {
    expect(planLabel('basic')).toBe('BASIC');
    expect(planLabel('pay-per-use')).toBe('PAY-PER-USE');
    expect(planLabel(null)).toBe('FREE');
  });

  it('greets by name, else by the e-mail before the at-sign, else User', () => {
    expect(greetingName('Ada', 'ada@example.com')).toBe('Ada');
    expect(greetingName('', 'grace.hopper@example.com')).toBe('grace.hopper');
    expect(greetingName(' ', '')).toBe('User');
  });
});
