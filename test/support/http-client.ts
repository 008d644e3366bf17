import { request as httpRequest } from 'node:http';

export type HttpAnswer = { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: () => any; ms: number };

/**
 * A tiny HTTP client for API tests: sends an explicit Host header (Node's fetch cannot, and
 * *.localhost does not resolve here), never follows redirects, and exposes raw Set-Cookie.
 */
export function http(
  baseURL: string,
  method: string,
  path: string,
  { host, cookie, body, headers = {} }: { host?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const url = new URL(path, baseURL);
  const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        hostname: '127.0.0.1',
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method,
        headers: {
          host: `${host ?? 'localhost'}:${url.port}`,
          ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text), ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The userToken Set-Cookie line of an answer, if any. */
export function sessionSetCookie(answer: HttpAnswer): string | undefined {
  const raw = answer.headers['set-cookie'];
  const lines = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return lines.find((line) => line.startsWith('userToken='));
}

/** `userToken=<secret>` from an answer, for the next request's Cookie header. */
export function sessionCookie(answer: HttpAnswer): string {
  const line = sessionSetCookie(answer);
  if (!line) throw new Error(`no session cookie (status ${answer.status}: ${answer.text.slice(0, 200)})`);
  return line.split(';')[0]!;
}

/** Signs an account in through the login API over HTTP: its `userToken=<secret>`, or a throw naming the refusal. */
export async function signInOverHttp(baseURL: string, { host, email, password }: { host?: string; email: string; password: string }): Promise<string> {
  return sessionCookie(await http(baseURL, 'POST', '/api/auth/login', { host, body: { email_id: email, password } }));
}

export const DEMO_PASSWORD = 'Travel-Demo-2026!';
export const demo = (key: string, org = 'wanderly') => `${key}@${org}.example`;
export const hostOf = (org: string) => (org === 'wanderly' ? 'localhost' : `${org}.localhost`);
