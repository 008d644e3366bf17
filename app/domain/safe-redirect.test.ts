import { describe, expect, it } from 'vitest';
import { safeRedirectTarget, sameOriginPath } from './safe-redirect';

describe('sameOriginPath', () => {
  it.each([
    ['/', '/'],
    ['/user/my-trips?trip_id=7&workarea=viewMyTrips', '/user/my-trips?trip_id=7&workarea=viewMyTrips'],
    ['/hotels/search-detail?destination=new%20york#results', '/hotels/search-detail?destination=new%20york#results'],
    ['/a/./b/../c', '/a/c'],
    ['/.%2e/', '/'],
    ['/cars?next=//evil.example', '/cars?next=//evil.example'],
  ])('keeps the local path %j as %j', (value, expected) => {
    expect(sameOriginPath(value)).toBe(expected);
  });

  it.each([
    ['scheme-relative', '//evil.example'],
    ['scheme-relative with path', '//evil.example/login'],
    ['slash backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash later', '/ok\\..\\\\evil.example'],
    ['tab between slashes', '/\t/evil.example'],
    ['newline between slashes', '/\n/evil.example'],
    ['carriage return', '/\r//evil.example'],
    ['leading space', ' //evil.example'],
    ['trailing space', '/home '],
    ['NUL', '/\u0000/evil.example'],
    ['non-breaking space', '/\u00a0/evil.example'],
    ['encoded slashes', '%2F%2Fevil.example'],
    ['encoded second slash', '/%2Fevil.example'],
    ['encoded backslash', '/%5Cevil.example'],
    ['encoded tab', '/%09/evil.example'],
    ['double-encoded slash', '/%252Fevil.example'],
    ['dot segments collapsing to //', '/.%2e//evil.example'],
    ['dot segments collapsing to // (plain)', '/a/..//evil.example'],
    ['absolute https', 'https://evil.example'],
    ['absolute http uppercase', 'HTTP://evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['javascript bare', 'javascript:'],
    ['data', 'data:text/html,hi'],
    ['relative', 'evil.example'],
    ['empty', ''],
    ['broken encoding', '/%E0%A4%A'],
    ['too long', `/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, value) => {
    expect(sameOriginPath(value)).toBeNull();
    expect(safeRedirectTarget(value)).toBe('/');
  });

  it('refuses what is not a string', () => {
    for (const value of [null, undefined, 42, {}, ['/']]) expect(sameOriginPath(value)).toBeNull();
  });

  it('uses the given fallback', () => {
    expect(safeRedirectTarget('//evil.example', '/home')).toBe('/home');
  });

  it('never returns a target a browser would send to another host', () => {
    const hosts = ['//', '/\\', '\\\\', '/\t/', '/%2F', '/%5C', '/%09/', '/.%2e//', '%2F%2F', 'https:', 'javascript:'];
    for (const prefix of hosts) {
      const result = sameOriginPath(`${prefix}evil.example`);
      if (result === null) continue;
      expect(new URL(result, 'https://home.example').host).toBe('home.example');
    }
  });
});
