import { describe, expect, it } from 'vitest';
import { cookiesMustBeSecure, publicOriginFor, publicOriginProblems } from './public-origin';

describe('publicOriginFor', () => {
  it('uses the configured origin', () => {
    expect(publicOriginFor({ publicOrigin: 'https://travel.example.com', hosts: ['travel.example.com'] }, 3000)).toBe('https://travel.example.com');
  });

  it('derives http://first-host:port when none is configured (demo and tests)', () => {
    expect(publicOriginFor({ hosts: ['wanderly.localhost', 'w.localhost'] }, 4123)).toBe('http://wanderly.localhost:4123');
  });
});

describe('publicOriginProblems', () => {
  const hosts = ['travel.example.com'];

  it('names an origin that is not a URL rather than throwing', () => {
    expect(publicOriginProblems({ hosts, publicOrigin: 'https://travel.example.com:99999' }, true)).toEqual([
      { path: 'publicOrigin', message: 'must be an origin such as "https://travel.example.com"' },
    ]);
  });

  it('requires an origin in production only', () => {
    expect(publicOriginProblems({ hosts }, false)).toEqual([]);
    expect(publicOriginProblems({ hosts }, true)).toEqual([{ path: 'publicOrigin', message: 'required in production (e.g. "https://travel.example.com")' }]);
  });

  it('requires https in production', () => {
    expect(publicOriginProblems({ publicOrigin: 'http://travel.example.com', hosts }, false)).toEqual([]);
    expect(publicOriginProblems({ publicOrigin: 'http://travel.example.com', hosts }, true)).toEqual([{ path: 'publicOrigin', message: 'must be https in production' }]);
    expect(publicOriginProblems({ publicOrigin: 'https://travel.example.com', hosts }, true)).toEqual([]);
  });

  it('refuses an origin on a host the organisation does not claim', () => {
    expect(publicOriginProblems({ publicOrigin: 'https://other.example.com', hosts }, false)).toEqual([
      { path: 'publicOrigin', message: "host 'other.example.com' is not one of hosts" },
    ]);
  });
});

describe('cookiesMustBeSecure', () => {
  it('is always true in production, even on localhost', () => {
    expect(cookiesMustBeSecure(true, 'wanderly.localhost')).toBe(true);
    expect(cookiesMustBeSecure(true, 'travel.example.com')).toBe(true);
  });

  it('spares only the machine’s own names outside production', () => {
    for (const host of ['localhost', '127.0.0.1', 'wanderly.localhost']) expect(cookiesMustBeSecure(false, host)).toBe(false);
    expect(cookiesMustBeSecure(false, 'travel.example.com')).toBe(true);
  });
});
