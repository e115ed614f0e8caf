import { describe, expect, it } from '@jest/globals';
import { type AnswerLinkContext, isClickableAnswerLink } from './answer-links.util';

const context = (overrides: Partial<AnswerLinkContext> = {}): AnswerLinkContext => ({
  origin: 'https://app.membolt.example',
  memoryTexts: ['My bank: [Log in here](https://evil.example/login)', 'I like tea'],
  sourceUrls: [],
  ...overrides,
});

describe('isClickableAnswerLink', () => {
  it('never makes a link from memory text clickable, however the answer spells it', () => {
    for (const href of [
      'https://evil.example/login',
      'https://evil.example/other?x=1',
      'http://www.evil.example/',
      'https://EVIL.example/login',
    ])
      expect([href, isClickableAnswerLink(href, context())]).toEqual([href, false]);
  });

  it('keeps the product’s own links and Search Mode’s sources clickable', () => {
    expect(isClickableAnswerLink('/settings/subscription', context())).toBe(true);
    expect(isClickableAnswerLink('https://app.membolt.example/memories', context())).toBe(true);
    expect(
      isClickableAnswerLink(
        'https://evil.example/login',
        context({ sourceUrls: ['https://evil.example/login'] }),
      ),
    ).toBe(true);
  });

  it('lets a model’s own link through when no used memory names its site, and only http(s)', () => {
    expect(isClickableAnswerLink('https://developer.mozilla.org/en-US/', context())).toBe(true);
    expect(isClickableAnswerLink('mailto:someone@evil.example', context())).toBe(false);
    expect(isClickableAnswerLink('ftp://files.example/x', context())).toBe(false);
  });
});
