import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from '@remix-run/node';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { apiEndpoints } from '~/api/endpoints.server';

const backends = [
  { name: 'PGlite', url: inject('baseURL') },
  { name: 'PostgreSQL', url: inject('pgBaseURL') },
].filter((b) => b.url);

/** Every route module of the build and every /api endpoint that has an action, as a concrete URL path. */
async function mutationPaths(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.resolve('build/index.js')).href)) as ServerBuild;
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const own = (route.path ?? '').replace(/:[^/]+/g, 'x').replace(/\*/g, 'x');
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return [parent, own].filter(Boolean).join('/');
  };
  const routes = Object.entries(build.routes)
    .filter(([, route]) => route.module.action)
    .map(([id, route]) => `/${fullPath(id)}${route.index ? '?index' : ''}`);
  // The /api endpoints are mounted through the one route api.$: each is checked at its own URL.
  const endpoints = Object.entries(apiEndpoints)
    .filter(([, endpoint]) => 'action' in endpoint)
    .map(([url]) => url.replace(/:[^/]+/g, 'x'));
  return [...routes, ...endpoints];
}

let paths: string[] = [];
beforeAll(async () => {
  paths = await mutationPaths();
});

describe.each(backends)('cross-site requests on $name (S2)', ({ url }) => {
  it('finds the actions to check', () => {
    expect(paths).toContain('/api/auth/login');
  });

  it('refuses every action and /api mutation from another site, before it runs', async () => {
    const attempts: Record<string, string>[] = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const routePath of paths) {
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        for (const headers of attempts) {
          const res = await fetch(`${url}${routePath}`, {
            method,
            headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
            body: 'email_id=member%40wanderly.example&password=Travel-Demo-2026!',
            redirect: 'manual',
          });
          expect(res.status, `${method} ${routePath} ${JSON.stringify(headers)}`).toBe(403);
          expect(res.headers.get('set-cookie') ?? '', 'no session may be created').not.toMatch(/userToken=/);
        }
      }
    }
  });
});
