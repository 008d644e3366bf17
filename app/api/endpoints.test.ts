import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiEndpoints } from './endpoints.server';

// The table's URLs are the ones the endpoints had as flat routes (app/routes/api.<name>.ts): a
// module added here without its row, or a row whose URL is not its module's file name, fails.

/** The endpoint modules of this folder (the table and the tests are not endpoints). */
const endpointFiles = readdirSync(new URL('.', import.meta.url))
  .filter((file) => file.endsWith('.ts') && !/\.(server|test)\.ts$/.test(file))
  .map((file) => file.replace(/\.ts$/, ''));

/** The URL a flat-route file name stands for: dots are slashes, `$name` is the parameter `:name`. */
const urlOf = (name: string) => `/api/${name.split('.').map((segment) => (segment.startsWith('$') ? `:${segment.slice(1)}` : segment)).join('/')}`;

describe('the /api endpoint table', () => {
  it('finds the endpoint modules', () => {
    expect(endpointFiles.length).toBeGreaterThan(60);
  });

  it('has one row per module, at the URL its file name gives', () => {
    expect(Object.keys(apiEndpoints).sort()).toEqual(endpointFiles.map(urlOf).sort());
  });

  it.each(endpointFiles)('%s: its row is its own module', async (name) => {
    const row = Object.entries(apiEndpoints).find(([url]) => url === urlOf(name));
    expect(row?.[1]).toBe(await import(/* @vite-ignore */ `./${name}.ts`));
  });
});
