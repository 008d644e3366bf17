import { describe, expect, it } from 'vitest';
import { resolveOrg } from './config.server';

const request = (host: string, cookie?: string) =>
  new Request(`http://${host}/`, { headers: { host, ...(cookie ? { cookie } : {}) } });

describe('resolveOrg', () => {
  it('picks the organisation by host name first', () => {
    expect(resolveOrg(request('voyagerpro.localhost:3000')).orgId).toBe('voyagerpro');
    expect(resolveOrg(request('VIAJAMAS.localhost')).orgId).toBe('viajamas');
    // The host wins over the cookie.
    expect(resolveOrg(request('viajamas.localhost:3000', 'orgid=voyagerpro')).orgId).toBe('viajamas');
  });

  it('then by the orgid cookie, by id or number', () => {
    expect(resolveOrg(request('unknown.example', 'orgid=viajamas')).orgId).toBe('viajamas');
    expect(resolveOrg(request('unknown.example', 'a=1; orgid=2')).orgId).toBe('voyagerpro');
    expect(resolveOrg(request('localhost:3000', 'orgid=viajamas')).orgId).toBe('viajamas');
  });

  it('then falls back to the default organisation', () => {
    expect(resolveOrg(request('unknown.example')).orgId).toBe('wanderly');
    expect(resolveOrg(request('localhost:3000')).orgId).toBe('wanderly');
    expect(resolveOrg(request('unknown.example', 'orgid=nope')).orgId).toBe('wanderly');
  });
});
