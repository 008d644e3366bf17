import { useLocation } from '@remix-run/react';
import Cookies from 'js-cookie';
import { useEffect, useRef, useState } from 'react';
import { useT } from '~/components/shell-context';
import { holdReleasePayload, shouldReleaseHold } from '~/domain/hold-cleanup';
import { TRANSFER_SELECTIONS_KEY, shouldClearTransferSelections } from '~/domain/transfer-selections';

/** Spec §4 defaults set before an impersonation sign-in: USD (id 9), language id 1, en-US. */
const IMPERSONATION_DEFAULTS = { ssoCurrency: '9', currency_code: 'USD', ssoLanguage: '1', lan_code: 'en-US' } as const;

function messageOf(value: unknown): { logout_url?: string } {
  return typeof value === 'object' && value !== null && 'logout_url' in value && typeof value.logout_url === 'string'
    ? { logout_url: value.logout_url }
    : {};
}

function roleOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('data' in value)) return null;
  const data = value.data;
  return typeof data === 'object' && data !== null && 'role' in data && typeof data.role === 'string' ? data.role : null;
}

/** The impersonation flow of spec §4, run when a page URL carries `impersonate_key`. */
async function impersonationLogin(key: string): Promise<string> {
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

/** Client-side route behaviours of spec §2 (stored-state clean-up, impersonation flow). */
export function RouteBehaviours() {
  const t = useT();
  const { pathname, search } = useLocation();
  const key = new URLSearchParams(search).get('impersonate_key');
  const [signingIn, setSigningIn] = useState(false);
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (pathname === '/') window.localStorage.removeItem('searchCoordinates');
  }, [pathname]);

  // Spec §2: entering the transfer pages clears the stored transfer selections.
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    if (shouldClearTransferSelections(pathname, previousPath.current)) window.localStorage.removeItem(TRANSFER_SELECTIONS_KEY);
    previousPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    const holdTok = Cookies.get('holdTok');
    if (!shouldReleaseHold(pathname, holdTok)) return;
    // Cleared first so a quick second navigation does not release twice; the server also clears it.
    Cookies.remove('holdTok', { path: '/' });
    void fetch('/api/weeks/release', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(holdReleasePayload(holdTok, pathname)),
    }).catch(() => {
      // Best effort: an unreleased hold still expires at its TTL.
    });
  }, [pathname]);

  useEffect(() => {
    if (!key || started.current === key) return;
    started.current = key;
    setSigningIn(true);
    // A full navigation, so the whole shell reloads with the new session.
    void impersonationLogin(key).then((to) => window.location.assign(to));
  }, [key]);

  if (!key && !signingIn) return null;
  return (
    <div className="signing-in" role="status" aria-live="polite">
      {t('auth.signingIn')}
    </div>
  );
}
