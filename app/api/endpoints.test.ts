import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpointFinder } from '~/http/endpoint-path';
import { apiEndpoints, callApiEndpoint } from './endpoints.server';
import { tripEndpoints } from './trip-endpoints.server';

// The table's URLs are the ones the endpoints had as flat routes (app/routes/api.<name>.ts): a
// module added here without its row, or a row whose URL is not its module's file name, fails.
// Endpoints declared as rows of a group (trip-endpoints.server.ts) join the table as they are.

/** The endpoint modules of this folder (the table and the tests are not endpoints). */
const endpointFiles = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !/\.(server|test)\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

/** The URL a flat-route file name stands for: dots are slashes, `$name` is the parameter `:name`. */
const urlOf = (name: string) =>
  `/api/${name
    .split('.')
    .map((segment) => (segment.startsWith('$') ? `:${segment.slice(1)}` : segment))
    .join('/')}`;

describe('the /api endpoint table', () => {
  it('finds the endpoint modules', () => {
    expect(endpointFiles.length + Object.keys(tripEndpoints).length).toBeGreaterThan(60);
  });

  it('has one row per module, at the URL its file name gives, and the groups’ rows', () => {
    expect(Object.keys(apiEndpoints).sort()).toEqual([...endpointFiles.map(urlOf), ...Object.keys(tripEndpoints)].sort());
    for (const [url, row] of Object.entries(tripEndpoints)) expect(apiEndpoints[url as keyof typeof apiEndpoints]).toBe(row);
  });

  it.each(endpointFiles)('%s: its row is its own module', async (name) => {
    const row = Object.entries(apiEndpoints).find(([url]) => url === urlOf(name));
    expect(row?.[1]).toBe(await import(/* @vite-ignore */ `./${name}.ts`));
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
