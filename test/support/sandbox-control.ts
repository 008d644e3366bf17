import { expect } from 'vitest';

/**
 * One call of the sandbox gateway's control API (`/__sandbox/*`, docs/decisions/0009): GET
 * without a body, POST with one. A refused call fails the test with the sandbox's answer.
 */
export async function sandboxControl<T = Record<string, unknown>>(sandboxUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}
