import { describe, expect, it } from 'vitest';
import { authLayoutProblems, offeredSignupMode, submittedSignupMode } from './auth-layouts';

const types = (...names: string[]) => names.map((type) => ({ type }));

describe('auth layout rules', () => {
  it('accepts the default pages, reordered and without optional blocks', () => {
    expect(authLayoutProblems('signIn', types('auth.credentials', 'auth.submit', 'auth.forgotLink', 'auth.signUpLink'))).toEqual([]);
    expect(authLayoutProblems('signIn', types('auth.text', 'auth.signUpLink', 'auth.credentials', 'auth.submit', 'auth.text'))).toEqual([]);
    expect(authLayoutProblems('signUp', types('auth.newAccount', 'auth.submit'))).toEqual([]);
    expect(authLayoutProblems('forgotPassword', types('auth.recoveryEmail', 'auth.submit', 'auth.signInLink'))).toEqual([]);
  });

  it('refuses a page without the blocks it cannot work without', () => {
    expect(authLayoutProblems('signIn', types('auth.submit', 'auth.forgotLink'))).toEqual([{ path: 'blocks', message: "a sign-in layout needs a 'auth.credentials' block" }]);
    expect(authLayoutProblems('forgotPassword', types('auth.recoveryEmail'))).toEqual([{ path: 'blocks', message: "a forgot-password layout needs a 'auth.submit' block" }]);
  });

  it("refuses another page's block and a repeated field", () => {
    expect(authLayoutProblems('forgotPassword', types('auth.recoveryEmail', 'auth.submit', 'auth.invitationCode'))).toEqual([
      { path: 'blocks.2.type', message: "'auth.invitationCode' does not belong on a forgot-password layout" },
    ]);
    expect(authLayoutProblems('signIn', types('auth.credentials', 'auth.credentials', 'auth.submit'))).toEqual([
      { path: 'blocks.1.type', message: "'auth.credentials' appears more than once" },
    ]);
  });
});

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
