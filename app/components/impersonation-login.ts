// The impersonation sign-in of spec §4, loaded by RouteBehaviours only when a page URL carries
// `impersonate_key`.
import Cookies from 'js-cookie';

/** Spec §4 defaults set before an impersonation sign-in: USD (id 9), language id 1, en-US. */
const IMPERSONATION_DEFAULTS = { ssoCurrency: '9', currency_code: 'USD', ssoLanguage: '1', lan_code: 'en-US' } as const;

function messageOf(value: unknown): { logout_url?: string } {
  return typeof value === 'object' && value !== null && 'logout_url' in value && typeof value.logout_url === 'string' ? { logout_url: value.logout_url } : {};
}

function roleOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('data' in value)) return null;
  const data = value.data;
  return typeof data === 'object' && data !== null && 'role' in data && typeof data.role === 'string' ? data.role : null;
}

/** The impersonation flow of spec §4, run when a page URL carries `impersonate_key`. */
export async function impersonationLogin(key: string): Promise<string> {
  const failure = (body: unknown, fallback: string) => messageOf(body).logout_url ?? fallback;
  try {
    window.localStorage.clear();
    const secure = window.location.protocol === 'https:';
    for (const [name, value] of Object.entries(IMPERSONATION_DEFAULTS)) Cookies.set(name, value, { path: '/', sameSite: 'lax', secure });
    const login = await fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ impersonate_key: key }),
    });
    const loginBody: unknown = await login.json().catch(() => null);
    if (!login.ok) return failure(loginBody, '/session-out?reason=impersonation');
    const check = await fetch('/api/auth/session', { headers: { Accept: 'application/json' } });
    const checkBody: unknown = await check.json().catch(() => null);
    const role = roleOf(checkBody);
    if (!check.ok || !role) return failure(checkBody, '/session-out');
    window.localStorage.setItem('role', role);
    return '/';
  } catch {
    return '/session-out?reason=impersonation';
  }
}
