// No vitest here: the benchmarks mint their nonces with it too.

/**
 * One call of the sandbox gateway's control API (`/__sandbox/*`, docs/decisions/0009): GET
 * without a body, POST with one. A refused call throws the sandbox's answer (failing the test).
 */
export async function sandboxControl<T = Record<string, unknown>>(sandboxUrl: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl}/__sandbox/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300) throw new Error(`sandbox ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * A single-use nonce the sandbox mints for a test card, as its card frame would: Visa 4111… with a
 * December 2030 expiry unless told (`extra`: expirationMonth, expirationYear, cvv, …).
 */
export async function sandboxNonce(sandboxUrl: string, number = '4111111111111111', extra: Record<string, unknown> = {}): Promise<string> {
  return (await sandboxControl<{ nonce: string }>(sandboxUrl, 'nonces', { number, expirationMonth: '12', expirationYear: '2030', ...extra })).nonce;
}
