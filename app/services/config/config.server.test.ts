import { describe, expect, it } from 'vitest';
import { cookiesOfHeader, getConfigRegistry, hostnameOfHostHeader, orgOfHost } from './config.server';

const orgFor = (host: string, cookie?: string) => orgOfHost(getConfigRegistry(), { hostname: hostnameOfHostHeader(host), orgIdCookie: cookiesOfHeader(cookie).get('orgid') });

describe('orgOfHost (the request context resolves the organisation with it)', () => {
  it('picks the organisation by host name first', () => {
    expect(orgFor('voyagerpro.localhost:3000').orgId).toBe('voyagerpro');
    expect(orgFor('VIAJAMAS.localhost').orgId).toBe('viajamas');
    // The host wins over the cookie.
    expect(orgFor('viajamas.localhost:3000', 'orgid=voyagerpro').orgId).toBe('viajamas');
  });

  it('then by the orgid cookie, by id or number', () => {
    expect(orgFor('unknown.example', 'orgid=viajamas').orgId).toBe('viajamas');
    expect(orgFor('unknown.example', 'a=1; orgid=2').orgId).toBe('voyagerpro');
    expect(orgFor('localhost:3000', 'orgid=viajamas').orgId).toBe('viajamas');
  });

  it('then falls back to the default organisation', () => {
    expect(orgFor('unknown.example').orgId).toBe('wanderly');
    expect(orgFor('localhost:3000').orgId).toBe('wanderly');
    expect(orgFor('unknown.example', 'orgid=nope').orgId).toBe('wanderly');
  });
});

describe('cookiesOfHeader', () => {
  it('reads every cookie of a header once, decoded, the first of a name counting', () => {
    const cookies = cookiesOfHeader(' a=1;b = two%20words ; flag; a=again; bad=%E0%A4%A; c=x=y;');
    expect([...cookies]).toEqual([
      ['a', '1'],
      ['b', 'two words'],
      ['bad', undefined],
      ['c', 'x=y'],
    ]);
    expect(cookiesOfHeader(undefined).size).toBe(0);
    expect(cookiesOfHeader('').size).toBe(0);
    expect(cookiesOfHeader('x=1; y=%41').get('y')).toBe('A');
    expect(cookiesOfHeader('x=1').get('y')).toBeUndefined();
  });
});
