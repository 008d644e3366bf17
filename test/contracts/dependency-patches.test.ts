// The local fixes to Remix's and React Router's server code (scripts/patch-dependencies.mjs,
// docs/decisions/0043): applied by the install, and matching exactly as before.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgnosticRouteObject as RouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types
import { MARK, applyFixes, fixes } from '../../scripts/patch-dependencies.mjs';

type Fix = { name: string; version: string; file: string };
const require = createRequire(import.meta.url);
// The server's copy (CommonJS), the one the fixes change.
const { matchRoutes } = require('@remix-run/router') as typeof import('@remix-run/router');

describe('the fixes to dependencies', () => {
  it('are applied by the install', () => {
    for (const fix of fixes as Fix[]) {
      expect(readFileSync(path.join('node_modules', fix.name, fix.file), 'utf8'), fix.name).toContain(MARK);
    }
  });

  it('match each route tree as its own, however often it is matched', () => {
    const tree = (suffix: string, caseSensitive = false): RouteObject[] => [
      {
        id: `root${suffix}`,
        path: '/',
        children: [
          { id: `index${suffix}`, index: true },
          { id: `product${suffix}`, path: ':product/details', caseSensitive },
          { id: `flight${suffix}`, path: 'flight/details', caseSensitive },
          { id: `splat${suffix}`, path: '*' },
        ],
      },
    ];
    const first = tree('-a');
    const second = tree('-b', true);
    const ids = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.map((m) => [m.route.id, m.params]);
    for (let round = 0; round < 3; round++) {
      expect(ids(first, '/')).toEqual([['root-a', {}], ['index-a', {}]]);
      // A named segment outranks a parameter.
      expect(ids(first, '/flight/details')).toEqual([['root-a', {}], ['flight-a', {}]]);
      expect(ids(first, '/cars/details')).toEqual([['root-a', { product: 'cars' }], ['product-a', { product: 'cars' }]]);
      expect(ids(first, '/Flight/Details')).toEqual([['root-a', {}], ['flight-a', {}]]);
      // The same paths, case-sensitive in the second tree: compiled apart.
      expect(ids(second, '/Flight/Details')).toEqual([['root-b', { '*': 'Flight/Details' }], ['splat-b', { '*': 'Flight/Details' }]]);
      expect(ids(second, '/cars/details')).toEqual([['root-b', { product: 'cars' }], ['product-b', { product: 'cars' }]]);
      expect(ids(first, '/nowhere/at/all')?.at(-1)).toEqual(['splat-a', { '*': 'nowhere/at/all' }]);
    }
    // Each caller gets its own matches, their params shared among them as the router makes them.
    const mine = matchRoutes(first, '/cars/details')!;
    expect(mine[0]!.params).toBe(mine[1]!.params);
    (mine[1]!.params as Record<string, string>).product = 'changed';
    mine.pop();
    expect(ids(first, '/cars/details')).toEqual([['root-a', { product: 'cars' }], ['product-a', { product: 'cars' }]]);
  });

  it('convert a route tree to data routes once, for every render of it', () => {
    const { createStaticRouter } = require('react-router-dom/server') as typeof import('react-router-dom/server');
    const routes = [{ id: 'root', path: '/', children: [{ id: 'page', path: 'page' }] }];
    const context = { matches: [], loaderData: {}, actionData: null, errors: null, location: { pathname: '/page' }, basename: '/', statusCode: 200, loaderHeaders: {}, actionHeaders: {}, activeDeferreds: null };
    const first = createStaticRouter(routes, context as never);
    expect(createStaticRouter(routes, context as never).routes).toBe(first.routes);
    expect(createStaticRouter([...routes], context as never).routes).not.toBe(first.routes);
    expect(first.routes[0]!.children![0]!.id).toBe('page');
  });

  it('leave a fixed file alone, and refuse another version or text than they were written for', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'patch-'));
    try {
      for (const fix of fixes as Fix[]) {
        const from = path.join('node_modules', fix.name);
        const to = path.join(root, 'node_modules', fix.name);
        cpSync(path.join(from, 'package.json'), path.join(to, 'package.json'));
        cpSync(path.join(from, fix.file), path.join(to, fix.file));
      }
      expect(applyFixes(root)).toEqual([]);

      const router = (fixes as Fix[])[0]!;
      writeFileSync(path.join(root, 'node_modules', router.name, router.file), 'function matchRoutesImpl() {}');
      expect(() => applyFixes(root)).toThrow('the text to replace is not there exactly once');
      writeFileSync(path.join(root, 'node_modules', router.name, 'package.json'), JSON.stringify({ version: '0.0.1' }));
      expect(() => applyFixes(root)).toThrow(`${router.name} is 0.0.1`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
