import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointFinder } from '~/http/endpoint-path';
import { apiEndpoints, callApiEndpoint } from './endpoints.server';

// The endpoints are rows of groups by area (this folder's *-endpoints.server.ts), spread into one
// table. A path in two groups would silently take the later group's row, and a row lost when
// endpoints move between groups would only show as a 404: the count of endpoints is pinned.

/** How many endpoints the API has; change it with the endpoint added or removed. */
const ENDPOINTS = 70;

/** Each group file and its one export, the group's table of rows by path. */
async function groups(): Promise<{ file: string; rows: Record<string, unknown> }[]> {
  const files = readdirSync(new URL('.', import.meta.url)).filter((file) => file.endsWith('-endpoints.server.ts'));
  return Promise.all(
    files.map(async (file) => {
      const tables = Object.values((await import(/* @vite-ignore */ `./${file}`)) as Record<string, Record<string, unknown>>);
      expect(tables, `${file} exports one table`).toHaveLength(1);
      return { file, rows: tables[0]! };
    }),
  );
}

describe('the /api endpoint table', () => {
  it(`has the ${ENDPOINTS} endpoints`, () => {
    expect(Object.keys(apiEndpoints)).toHaveLength(ENDPOINTS);
  });

  it("is the groups' rows as they are, each path in one group only", async () => {
    const found = await groups();
    expect(found.length).toBeGreaterThan(1);
    // A path in two groups is counted twice here and once in the table.
    expect(found.reduce((sum, group) => sum + Object.keys(group.rows).length, 0)).toBe(Object.keys(apiEndpoints).length);
    for (const { file, rows } of found) {
      for (const [path, row] of Object.entries(rows)) expect(apiEndpoints[path as keyof typeof apiEndpoints], `${file}: ${path}`).toBe(row);
    }
  });

  it.each(Object.entries(apiEndpoints))('%s answers GET (loader) or POST, PUT, PATCH, DELETE (action)', (_path, row) => {
    const { loader, action } = row as { loader?: unknown; action?: unknown };
    expect(loader === undefined || typeof loader === 'function').toBe(true);
    expect(action === undefined || typeof action === 'function').toBe(true);
    expect(loader ?? action).toBeDefined();
  });
});

describe('answering through the table', () => {
  // No endpoint reached here reads the context: an unknown path and a missing handler answer first.
  const call = (handler: 'loader' | 'action', method: string, path: string) =>
    callApiEndpoint(handler, { request: new Request(`http://localhost${path}`, { method }), params: { '*': path.slice('/api/'.length) }, context: {} as never });

  it('answers an unknown path with a JSON 404', async () => {
    const answer = (await call('loader', 'GET', '/api/no/such/endpoint')) as Response;
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ status: 404, message: 'Not found' });
  });

  it('answers a method the endpoint does not take with a 405 naming the ones it does', async () => {
    const answer = (await call('action', 'POST', '/api/ads')) as Response;
    expect(answer.status).toBe(405);
    expect(answer.headers.get('Allow')).toBe('GET, HEAD');
    expect(await answer.json()).toEqual({ status: 405, message: 'Use GET or HEAD' });
  });

  it("hands the request to the endpoint with the endpoint's own params", async () => {
    const finder = endpointFinder(apiEndpoints);
    expect(finder('/api/card-service/v1/card/delete/a%40b.example')).toEqual({
      endpoint: apiEndpoints['/api/card-service/v1/card/delete/:email'],
      params: { email: 'a@b.example' },
    });
    // The real endpoint is reached: GET is its own 405 (thrown, as it always was), which names DELETE.
    const answer = await Promise.resolve()
      .then(() => call('loader', 'GET', '/api/card-service/v1/card/delete/a%40b.example'))
      .catch((thrown: unknown) => thrown);
    expect((answer as Response).status).toBe(405);
    expect((answer as Response).headers.get('Allow')).toContain('DELETE');
  });
});
