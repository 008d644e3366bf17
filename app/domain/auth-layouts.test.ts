import { describe, expect, it } from 'vitest';
import { offeredSignupMode, submittedSignupMode } from './auth-layouts';

describe('sign-up modes', () => {
  it('keeps what the link asked for when the organisation offers both', () => {
    expect(offeredSignupMode('choose', ['email', 'invitation'])).toBe('choose');
    expect(offeredSignupMode('email', ['email', 'invitation'])).toBe('email');
    expect(offeredSignupMode('invitation', ['invitation', 'email'])).toBe('invitation');
  });

  it('narrows to the only mode offered', () => {
    expect(offeredSignupMode('choose', ['email'])).toBe('email');
    expect(offeredSignupMode('invitation', ['email'])).toBe('email');
    expect(offeredSignupMode('choose', ['invitation'])).toBe('invitation');
    expect(offeredSignupMode('email', ['invitation'])).toBe('invitation');
  });

  it('tells a posted sign-up by its access code', () => {
    expect(submittedSignupMode('INV-7')).toBe('invitation');
    expect(submittedSignupMode('')).toBe('email');
  });
});
