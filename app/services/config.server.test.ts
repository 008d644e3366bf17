import { describe, expect, it } from 'vitest';
import { getConfigRegistry, hostnameOfHostHeader, orgOfHost, readCookieHeader } from './config.server';

const resolveOrg = (host: string, cookie?: string) =>
  orgOfHost(getConfigRegistry(), { hostname: hostnameOfHostHeader(host), orgIdCookie: readCookieHeader(cookie, 'orgid') });

describe('orgOfHost (the request context resolves the organisation with it)', () => {
  it('picks the organisation by host name first', () => {
    expect(resolveOrg('voyagerpro.localhost:3000').orgId).toBe('voyagerpro');
    expect(resolveOrg('VIAJAMAS.localhost').orgId).toBe('viajamas');
    // The host wins over the cookie.
    expect(resolveOrg('viajamas.localhost:3000', 'orgid=voyagerpro').orgId).toBe('viajamas');
  });

  it('then by the orgid cookie, by id or number', () => {
    expect(resolveOrg('unknown.example', 'orgid=viajamas').orgId).toBe('viajamas');
    expect(resolveOrg('unknown.example', 'a=1; orgid=2').orgId).toBe('voyagerpro');
    expect(resolveOrg('localhost:3000', 'orgid=viajamas').orgId).toBe('viajamas');
  });

  it('then falls back to the default organisation', () => {
    expect(resolveOrg('unknown.example').orgId).toBe('wanderly');
    expect(resolveOrg('localhost:3000').orgId).toBe('wanderly');
    expect(resolveOrg('unknown.example', 'orgid=nope').orgId).toBe('wanderly');
  });
});
