import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { UsageCounter, depthLimitRule, isAllowedOrigin } from './graphql-guards';

describe('isAllowedOrigin', () => {
  const claimedHosts = new Set(['wanderly.example', 'viajamas.localhost']);
  const allowed = (origin: string | undefined, host: string, allowLocalhost = false) => isAllowedOrigin({ origin, host, claimedHosts, allowLocalhost });

  it('accepts a claimed host that is also the host connected to', () => {
    expect(allowed('https://wanderly.example', 'wanderly.example')).toBe(true);
    expect(allowed('http://viajamas.localhost:3000', 'viajamas.localhost:3000')).toBe(true);
  });

  it('refuses a missing, opaque or foreign Origin, and one naming another host than the request', () => {
    expect(allowed(undefined, 'wanderly.example')).toBe(false);
    expect(allowed('null', 'wanderly.example')).toBe(false);
    expect(allowed('https://evil.example', 'evil.example')).toBe(false);
    expect(allowed('https://wanderly.example', 'viajamas.localhost')).toBe(false);
    expect(allowed('http://viajamas.localhost:3001', 'viajamas.localhost:3000')).toBe(false);
  });

  it('accepts localhost names only when told to (outside production)', () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://demo.localhost:3000']) {
      const host = new URL(origin).host;
      expect(allowed(origin, host, true)).toBe(true);
      expect(allowed(origin, host, false)).toBe(false);
    }
  });
});

describe('UsageCounter', () => {
  it('holds a cap per key and frees a unit on release', () => {
    const counter = new UsageCounter<number>(2);
    expect(counter.take(1)).toBe(true);
    expect(counter.take(1)).toBe(true);
    expect(counter.take(1)).toBe(false);
    expect(counter.take(2)).toBe(true);
    counter.release(1);
    expect(counter.count(1)).toBe(1);
    expect(counter.take(1)).toBe(true);
    counter.release(1);
    counter.release(1);
    counter.release(1);
    expect(counter.count(1)).toBe(0);
  });
});

describe('depthLimitRule', () => {
  const schema = buildSchema(`
    type Node { name: String, parent: Node }
    type Query { node: Node }
  `);
  const errorsOf = (query: string) => validate(schema, parse(query), [...specifiedRules, depthLimitRule(3)]).map((e) => e.message);
  const tooDeep = 'The operation is nested more than 3 levels deep; at most 3 are allowed';

  it('accepts operations up to the limit and refuses deeper ones', () => {
    expect(errorsOf('{ node { parent { name } } }')).toEqual([]);
    expect(errorsOf('{ node { parent { parent { name } } } }')).toEqual([tooDeep]);
  });

  it('counts fragments and inline fragments where they are used', () => {
    expect(errorsOf('{ node { ...P } } fragment P on Node { parent { name } }')).toEqual([]);
    expect(errorsOf('{ node { ...P } } fragment P on Node { parent { ... on Node { parent { name } } } }')).toEqual([tooDeep]);
  });

  it('names the operation and counts introspection fields', () => {
    expect(errorsOf('query Deep { __schema { types { fields { name } } } }')).toEqual(["The operation 'Deep' is nested more than 3 levels deep; at most 3 are allowed"]);
  });

  it('stops at a fragment cycle (graphql reports the cycle itself)', () => {
    const errors = errorsOf('{ node { ...A } } fragment A on Node { parent { ...A } }');
    expect(errors.some((message) => message.includes('Cannot spread fragment "A" within itself'))).toBe(true);
  });
});
