// The local fixes to Remix's and React Router's server code and React's JSX runtime (scripts/patch-dependencies.mjs,
// docs/decisions/0043): applied by the install, and matching exactly as before.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AgnosticRouteObject as RouteObject } from '@remix-run/router';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script, without types
import { applyFixes, fixReport, fixes, markOf, removeFix, reportLines } from '../../scripts/patch-dependencies.mjs';

type Fix = { name: string; version: string; file: string; replacements: { find: string; replace: string }[] };
const require = createRequire(import.meta.url);
// The server's copy (CommonJS), the one the fixes change.
const { matchRoutes } = require('@remix-run/router') as typeof import('@remix-run/router');

describe('the fixes to dependencies', () => {
  it('are applied by the install, each in its current version', () => {
    // The fixes-active report, as `node scripts/patch-dependencies.mjs --report` prints it.
    const report = fixReport() as { fix: string; active: boolean; why: string | null }[];
    console.log(reportLines(report).join('\n'));
    expect(report.filter((row) => !row.active)).toEqual([]);
    for (const fix of fixes as Fix[]) {
      const text = readFileSync(path.join('node_modules', fix.name, fix.file), 'utf8');
      expect(text.startsWith(`${markOf(fix)}\n`), `${fix.name}/${fix.file}`).toBe(true);
      for (const { replace } of fix.replacements) expect(text, fix.name).toContain(replace);
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
      expect(ids(first, '/')).toEqual([
        ['root-a', {}],
        ['index-a', {}],
      ]);
      // A named segment outranks a parameter.
      expect(ids(first, '/flight/details')).toEqual([
        ['root-a', {}],
        ['flight-a', {}],
      ]);
      expect(ids(first, '/cars/details')).toEqual([
        ['root-a', { product: 'cars' }],
        ['product-a', { product: 'cars' }],
      ]);
      expect(ids(first, '/Flight/Details')).toEqual([
        ['root-a', {}],
        ['flight-a', {}],
      ]);
      // The same paths, case-sensitive in the second tree: compiled apart.
      expect(ids(second, '/Flight/Details')).toEqual([
        ['root-b', { '*': 'Flight/Details' }],
        ['splat-b', { '*': 'Flight/Details' }],
      ]);
      expect(ids(second, '/cars/details')).toEqual([
        ['root-b', { product: 'cars' }],
        ['product-b', { product: 'cars' }],
      ]);
      expect(ids(first, '/nowhere/at/all')?.at(-1)).toEqual(['splat-a', { '*': 'nowhere/at/all' }]);
    }
    // Each caller gets its own matches, their params shared among them as the router makes them.
    const mine = matchRoutes(first, '/cars/details')!;
    expect(mine[0]!.params).toBe(mine[1]!.params);
    (mine[1]!.params as Record<string, string>).product = 'changed';
    mine.pop();
    expect(ids(first, '/cars/details')).toEqual([
      ['root-a', { product: 'cars' }],
      ['product-a', { product: 'cars' }],
    ]);
  });

  it('convert a route tree to data routes once, for every render of it', () => {
    const { createStaticRouter } = require('react-router-dom/server') as typeof import('react-router-dom/server');
    const routes = [{ id: 'root', path: '/', children: [{ id: 'page', path: 'page' }] }];
    const context = {
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      location: { pathname: '/page' },
      basename: '/',
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    };
    const first = createStaticRouter(routes, context as never);
    expect(createStaticRouter(routes, context as never).routes).toBe(first.routes);
    expect(createStaticRouter([...routes], context as never).routes).not.toBe(first.routes);
    expect(first.routes[0]!.children![0]!.id).toBe('page');
  });

  it("read a loader's json() back as JSON would, without streaming its body", async () => {
    const { createStaticHandler, json } = require('@remix-run/router') as typeof import('@remix-run/router');
    let answered: Response | undefined;
    const handler = createStaticHandler([
      { id: 'page', path: '/', loader: () => (answered = json({ at: new Date(0), gone: undefined, list: [1, 'two'] }, { headers: { 'X-Kept': 'yes' } })) },
      { id: 'empty', path: '/empty', loader: () => json(undefined) },
    ]);
    const context = await handler.query(new Request('http://local/'));
    if (context instanceof Response) throw new Error('a redirect');
    expect(context.loaderData).toEqual({ page: { at: '1970-01-01T00:00:00.000Z', list: [1, 'two'] } });
    expect(context.loaderHeaders.page?.get('X-Kept')).toBe('yes');
    expect(answered!.bodyUsed).toBe(false);
    const empty = await handler.query(new Request('http://local/empty'));
    if (empty instanceof Response) throw new Error('a redirect');
    expect(empty.loaderData).toEqual({ empty: null });
  });

  it("make a json() answer's body only when something reads it, the body a Response of its text would have", async () => {
    const { createStaticHandler, json, isRouteErrorResponse } = require('@remix-run/router') as typeof import('@remix-run/router');
    const { isResponse } = require('@remix-run/server-runtime/dist/responses.js') as { isResponse: (value: unknown) => boolean };
    // Responses made by name (a body read makes one) are counted; json() makes its own without one.
    const Published = globalThis.Response;
    let made = 0;
    globalThis.Response = new Proxy(Published, { construct: (target, args, newTarget) => (made++, Reflect.construct(target, args, newTarget)) });
    try {
      const answers: Response[] = [];
      const handler = createStaticHandler([
        {
          id: 'page',
          path: '/',
          loader: () => {
            const answer = json({ nights: 3 }, { status: 201, headers: { 'X-Kept': 'yes' } });
            answers.push(answer);
            return answer;
          },
        },
        {
          id: 'gone',
          path: '/gone',
          loader: () => {
            throw json({ why: 'sold out' }, { status: 410, statusText: 'Gone' });
          },
        },
      ]);
      const context = await handler.query(new Request('http://local/'));
      if (context instanceof Published) throw new Error('a redirect');
      expect(context.loaderData).toEqual({ page: { nights: 3 } });
      const gone = await handler.query(new Request('http://local/gone'));
      if (gone instanceof Published) throw new Error('a redirect');
      const error = gone.errors?.gone;
      expect(isRouteErrorResponse(error) && [error.status, error.data]).toEqual([410, { why: 'sold out' }]);
      const answer = answers[0]!;
      expect(answer).toBeInstanceOf(Published);
      expect(isResponse(answer)).toBe(true);
      expect([answer.status, answer.ok, answer.headers.get('X-Kept'), answer.headers.get('Content-Type'), answer.bodyUsed]).toEqual([
        201,
        true,
        'yes',
        'application/json; charset=utf-8',
        false,
      ]);
      expect(made).toBe(0);

      // Read, it is the Response it stands for: its body once, a clone's apart.
      const copy = answer.clone();
      expect(made).toBe(1);
      expect(answer.body).toBeInstanceOf(ReadableStream);
      expect(await answer.text()).toBe('{"nights":3}');
      expect(answer.bodyUsed).toBe(true);
      await expect(answer.json()).rejects.toThrow();
      expect(await copy.json()).toEqual({ nights: 3 });
      expect(await new Published(json([1]).body).text()).toBe('[1]');
      expect(new TextDecoder().decode(await json('é').arrayBuffer())).toBe('"é"');
      // No body where a Response may have none, as before; nothing to write, no body.
      expect(() => json({}, 204)).toThrow(TypeError);
      expect(json(undefined).body).toBeNull();
    } finally {
      globalThis.Response = Published;
    }
  });

  it("use a loader's data as it is when JSON would give it back unchanged, and write the handoff from the loaders' texts", async () => {
    const { createStaticHandler, json } = require('@remix-run/router') as typeof import('@remix-run/router');
    const { createServerHandoffString } = require('@remix-run/server-runtime/dist/serverHandoff.js') as { createServerHandoffString: (handoff: object) => string };
    const plain = { name: 'Cancún </script>', nights: 3, price: -0.5, tags: ['a', null, true], nested: { empty: {}, list: [] }, bare: Object.create(null) as object };
    const notAsIs: unknown[] = [
      { at: new Date(0) },
      { gone: undefined },
      [1, undefined],
      // eslint-disable-next-line no-sparse-arrays -- the hole is the case: JSON gives it back as null
      [1, , 3],
      { n: Number.NaN },
      { n: -0 },
      { n: Number.POSITIVE_INFINITY },
      { f: () => 1 },
      { set: new Set([1]) },
      { deep: [{ deeper: { at: new Date(0) } }] },
    ];
    const routes = [
      { id: 'plain', path: '/plain', loader: () => json(plain) },
      ...notAsIs.map((data, i) => ({ id: `other-${i}`, path: `/other-${i}`, loader: () => json(data) })),
      { id: 'number', path: '/number', loader: () => json(7) },
    ];
    const handler = createStaticHandler(routes);
    const query = async (path: string) => {
      const context = await handler.query(new Request(`http://local${path}`));
      if (context instanceof Response) throw new Error('a redirect');
      return context;
    };
    const handoffOf = (loaderData: Record<string, unknown>) => ({
      basename: '/',
      criticalCss: undefined,
      future: { v3_fetcherPersist: true },
      isSpaMode: false,
      state: { loaderData, actionData: null, errors: null },
    });
    const { escapeHtml } = require('@remix-run/server-runtime/dist/markup.js') as { escapeHtml: (html: string) => string };
    // What the published createServerHandoffString writes.
    const expected = (loaderData: Record<string, unknown>) => escapeHtml(JSON.stringify(handoffOf(loaderData)));

    const used = await query('/plain');
    expect(used.loaderData.plain).toBe(plain);
    expect(createServerHandoffString(handoffOf(used.loaderData))).toBe(expected(used.loaderData));
    expect(createServerHandoffString(handoffOf(used.loaderData))).not.toContain('</script>');
    for (const [i, data] of notAsIs.entries()) {
      const context = await query(`/other-${i}`);
      const read = context.loaderData[`other-${i}`];
      expect(read, JSON.stringify(data)).not.toBe(data);
      expect(read).toEqual(JSON.parse(JSON.stringify(data)));
      expect(createServerHandoffString(handoffOf(context.loaderData))).toBe(expected(context.loaderData));
    }
    expect((await query('/number')).loaderData.number).toBe(7);
    // Data no loader wrote, and a handoff without state, are written as JSON.stringify writes them.
    expect(createServerHandoffString(handoffOf({ a: { b: 1 }, gone: undefined }))).toBe(expected({ a: { b: 1 } }));
    expect(createServerHandoffString({ basename: '/' })).toBe('{"basename":"/"}');
    expect(createServerHandoffString({})).toBe('{}');
  });

  it("hand a loader the visitor's own request unless Remix's parameters are to be stripped from it", async () => {
    const { callRouteLoader } = require('@remix-run/server-runtime/dist/data.js') as {
      callRouteLoader: (args: {
        loadContext: unknown;
        loader: (args: { request: Request }) => unknown;
        params: object;
        request: Request;
        routeId: string;
        singleFetch: boolean;
      }) => Promise<Response>;
    };
    const seen = async (url: string) => {
      let received: Request | undefined;
      const request = new Request(url);
      await callRouteLoader({ loadContext: {}, loader: ({ request }) => ((received = request), null), params: {}, request, routeId: 'page', singleFetch: false });
      return { same: received === request, url: received!.url };
    };
    expect(await seen('http://local/search?destination=cancun&checkin=2027-01-10')).toEqual({ same: true, url: 'http://local/search?destination=cancun&checkin=2027-01-10' });
    expect(await seen('http://local/search?destination=cancun&_data=routes%2Fsearch')).toEqual({ same: false, url: 'http://local/search?destination=cancun' });
    expect(await seen('http://local/search?%5Fdata=routes%2Fsearch&a=1')).toEqual({ same: false, url: 'http://local/search?a=1' });
    expect(await seen('http://local/?index&a=1')).toEqual({ same: false, url: 'http://local/?a=1' });
    // Stripping rewrites the query in URLSearchParams' form: such a URL still gets the rewritten one.
    expect(await seen('http://local/search?q=a%20b&f')).toEqual({ same: false, url: 'http://local/search?q=a+b&f=' });
  });

  it('leave a fixed file alone, refuse a file fixed by another version of the script, and leave another version or text as published, saying so', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'patch-'));
    try {
      for (const fix of fixes as Fix[]) {
        const from = path.join('node_modules', fix.name);
        const to = path.join(root, 'node_modules', fix.name);
        cpSync(path.join(from, 'package.json'), path.join(to, 'package.json'));
        cpSync(path.join(from, fix.file), path.join(to, fix.file));
      }
      expect(applyFixes(root)).toEqual([]);
      // Taken out (for the benchmark's A/B) and put back: the same bytes.
      for (const fix of fixes as Fix[]) {
        const file = path.join(root, 'node_modules', fix.name, fix.file);
        const fixed = readFileSync(file, 'utf8');
        expect(removeFix(fix, root)).toBe(true);
        const published = readFileSync(file, 'utf8');
        expect(published).not.toContain('patched: docs/decisions/0043');
        for (const { find } of fix.replacements) expect(published).toContain(find);
        expect(applyFixes(root)).toEqual([`${fix.name}/${fix.file}`]);
        expect(readFileSync(file, 'utf8')).toBe(fixed);
      }

      const router = (fixes as Fix[])[0]!;
      const routerFile = path.join(root, 'node_modules', router.name, router.file);
      // Fixed by another version of the script: refused, not fixed twice or half.
      writeFileSync(routerFile, readFileSync(routerFile, 'utf8').replace(markOf(router), markOf({ ...router, replacements: [] })));
      expect(() => applyFixes(root)).toThrow('carries another version of its fix');
      // A newer release of a package never fails its install here: it stays as published, named.
      const warnings: string[] = [];
      const warn = (message: string) => warnings.push(message);
      writeFileSync(routerFile, 'function matchRoutesImpl() {}');
      expect(applyFixes(root, warn)).toEqual([]);
      expect(readFileSync(routerFile, 'utf8')).toBe('function matchRoutesImpl() {}');
      expect(warnings.join('\n')).toContain('the text to replace is not there exactly once');
      writeFileSync(path.join(root, 'node_modules', router.name, 'package.json'), JSON.stringify({ version: '0.0.1' }));
      expect(applyFixes(root, warn)).toEqual([]);
      expect(readFileSync(routerFile, 'utf8')).toBe('function matchRoutesImpl() {}');
      expect(warnings.join('\n')).toContain(`${router.name} is 0.0.1`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
