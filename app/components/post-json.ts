/**
 * The browser's JSON POST to our own `/api` routes: same-origin, so the browser sends the
 * `Origin` and `Sec-Fetch-Site` headers the server's cross-site check reads (docs/api.md),
 * and the session cookie. Never throws for the network or an unreadable body: status 0 is
 * "no answer", a body that is not JSON is null. An aborted call (its `signal`) gives status 0
 * too; callers that abort check their signal rather than the answer.
 */
export type JsonAnswer = { status: number; body: unknown };

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): Promise<JsonAnswer> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch {
    return { status: 0, body: null };
  }
}
