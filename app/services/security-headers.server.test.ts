import { describe, expect, it } from 'vitest';
import { getOrgById } from './config.server';
import { documentCsp } from './security-headers.server';

function orgOf(id: string) {
  const org = getOrgById(id);
  if (!org) throw new Error(`no org ${id}`);
  return org;
}
const request = new Request('http://localhost:3000/');
const directives = (csp: string) =>
  new Map(csp.split('; ').map((d) => {
    const [name, ...values] = d.split(' ');
    return [name!, values];
  }));

describe('documentCsp', () => {
  it('has the S6 baseline and a per-request nonce for scripts and styles', () => {
    const csp = directives(documentCsp('abc123', orgOf('voyagerpro'), request));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toContain("'nonce-abc123'");
    expect(csp.get('style-src')).toContain("'nonce-abc123'");
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toContain('ws://localhost:3000');
  });

  it('allows no third party at all for an org without chat or tiles', () => {
    const csp = documentCsp('n', orgOf('voyagerpro'), request);
    expect(csp).not.toMatch(/https:\/\//);
    expect(directives(csp).get('frame-src')).toEqual(["'none'"]);
  });

  it('allows only Zendesk for wanderly and only tawk.to for viajamas', () => {
    const wanderly = documentCsp('n', orgOf('wanderly'), request);
    expect(directives(wanderly).get('script-src')).toContain('https://static.zdassets.com');
    expect(wanderly).not.toContain('tawk.to');
    const viajamas = documentCsp('n', orgOf('viajamas'), request);
    expect(directives(viajamas).get('script-src')).toContain('https://embed.tawk.to');
    expect(viajamas).not.toContain('zdassets');
    expect(viajamas).not.toContain('zendesk');
  });

  it("adds the tile server's origin to img-src only when a map tile server is configured", () => {
    const org = { ...orgOf('voyagerpro'), map: { tileServer: 'https://tiles.example.com:8443/{z}/{x}/{y}.png' } };
    expect(directives(documentCsp('n', org, request)).get('img-src')).toContain('https://tiles.example.com:8443');
  });
});
