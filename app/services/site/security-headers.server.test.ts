import { describe, expect, it } from 'vitest';
import { getOrgById } from '../config/config.server';
import { documentCsp } from './security-headers.server';

function orgOf(id: string) {
  const org = getOrgById(id);
  if (!org) throw new Error(`no org ${id}`);
  return org;
}
const origin = 'http://localhost:3000';
const directives = (csp: string) =>
  new Map(
    csp.split('; ').map((d) => {
      const [name, ...values] = d.split(' ');
      return [name!, values];
    }),
  );

describe('documentCsp', () => {
  it('has the S6 baseline and a per-request nonce for scripts and styles', () => {
    const csp = directives(documentCsp('abc123', orgOf('voyagerpro'), origin));
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toContain("'nonce-abc123'");
    expect(csp.get('style-src')).toContain("'nonce-abc123'");
    expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src')).toContain('ws://localhost:3000');
  });

  it("is written once per organisation, origin and card entry, with each request's own nonce", () => {
    const org = orgOf('voyagerpro');
    const first = documentCsp('first', org, origin);
    expect(documentCsp('second', org, origin)).toBe(first.replaceAll('first', 'second'));
    expect(directives(documentCsp('n', org, 'https://travel.example')).get('connect-src')).toEqual(["'self'", 'wss://travel.example']);
    expect(directives(documentCsp('n', org, origin, { kind: 'sandbox', origin: 'http://127.0.0.1:4010' })).get('frame-src')).toEqual(['http://127.0.0.1:4010']);
    expect(directives(documentCsp('n', org, origin)).get('frame-src')).toEqual(["'none'"]);
  });

  it('allows no third party at all for an org without chat or tiles', () => {
    const csp = documentCsp('n', orgOf('voyagerpro'), origin);
    expect(csp).not.toMatch(/https:\/\//);
    expect(directives(csp).get('frame-src')).toEqual(["'none'"]);
  });

  it('allows only Zendesk for wanderly and only tawk.to for viajamas', () => {
    const wanderly = documentCsp('n', orgOf('wanderly'), origin);
    expect(directives(wanderly).get('script-src')).toContain('https://static.zdassets.com');
    expect(wanderly).not.toContain('tawk.to');
    const viajamas = documentCsp('n', orgOf('viajamas'), origin);
    expect(directives(viajamas).get('script-src')).toContain('https://embed.tawk.to');
    expect(viajamas).not.toContain('zdassets');
    expect(viajamas).not.toContain('zendesk');
  });

  it("adds the tile server's origin to img-src only when a map tile server is configured", () => {
    const org = { ...orgOf('voyagerpro'), map: { tileServer: 'https://tiles.example.com:8443/{z}/{x}/{y}.png' } };
    expect(directives(documentCsp('n', org, origin)).get('img-src')).toContain('https://tiles.example.com:8443');
  });

  describe('card entry', () => {
    it('frames only the sandbox origin for the sandbox card frame, and changes nothing else', () => {
      const plain = directives(documentCsp('n', orgOf('voyagerpro'), origin));
      const csp = directives(documentCsp('n', orgOf('voyagerpro'), origin, { kind: 'sandbox', origin: 'http://127.0.0.1:4010' }));
      expect(csp.get('frame-src')).toEqual(['http://127.0.0.1:4010']);
      for (const name of ['script-src', 'connect-src', 'img-src', 'style-src', 'default-src', 'form-action', 'frame-ancestors', 'object-src']) {
        expect(csp.get(name), name).toEqual(plain.get(name));
      }
    });

    it("allows Braintree's hosted fields and 3-D Secure hosts, per environment, with chat frames kept", () => {
      const production = directives(documentCsp('n', orgOf('wanderly'), origin, { kind: 'braintree', environment: 'production' }));
      expect(production.get('script-src')).toEqual(
        expect.arrayContaining(['https://js.braintreegateway.com', 'https://assets.braintreegateway.com', 'https://songbird.cardinalcommerce.com']),
      );
      expect(production.get('frame-src')).toEqual(expect.arrayContaining(['https://assets.braintreegateway.com', 'https://*.cardinalcommerce.com']));
      // The Drop-in UI (payments.cardProvider.ui 'drop-in') loads its stylesheet from the assets host.
      expect(production.get('style-src')).toEqual(expect.arrayContaining(['https://assets.braintreegateway.com']));
      expect(production.get('connect-src')).toEqual(
        expect.arrayContaining(['https://api.braintreegateway.com', 'https://client-analytics.braintreegateway.com', 'https://payments.braintree-api.com']),
      );
      expect(production.get('connect-src')?.join(' ')).not.toContain('sandbox');
      const sandbox = directives(documentCsp('n', orgOf('voyagerpro'), origin, { kind: 'braintree', environment: 'sandbox' }));
      expect(sandbox.get('connect-src')).toEqual(expect.arrayContaining(['https://api.sandbox.braintreegateway.com', 'https://client-analytics.sandbox.braintreegateway.com']));
      expect(sandbox.get('script-src')).toContain('https://songbirdstag.cardinalcommerce.com');
      for (const csp of [production, sandbox]) {
        expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
        expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
        expect(csp.get('object-src')).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      }
    });
  });
});
