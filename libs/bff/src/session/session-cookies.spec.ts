import { describe, expect, it } from '@jest/globals';
import { cookieOptionsFor } from './session-cookies.js';

describe('cookieOptionsFor', () => {
  it('makes cookies Secure exactly when the public origin is https', () => {
    expect(cookieOptionsFor('https://membolt.example.com')).toEqual({ secure: true });
    expect(cookieOptionsFor('http://localhost:3000')).toEqual({ secure: false });
    expect(cookieOptionsFor('http://https.example.com')).toEqual({ secure: false });
  });
});
