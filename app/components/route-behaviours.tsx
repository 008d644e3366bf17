import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { useShell, useT } from '~/components/shell-context';
import { TRANSFER_SELECTIONS_KEY, shouldClearTransferSelections } from '~/domain/transfer-selections';

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

  // The site that brought the visitor and the header version shown (decision 0053), written after
  // the page is up: their code is its own small file, out of every page's bundle.
  const { org } = useShell();
  useEffect(() => {
    void import('./site-cookies').then(({ rememberVisit }) => rememberVisit(org.headerVersion));
  }, [org.headerVersion]);

  // Spec §2: entering the transfer pages clears the stored transfer selections.
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    if (shouldClearTransferSelections(pathname, previousPath.current)) window.localStorage.removeItem(TRANSFER_SELECTIONS_KEY);
    previousPath.current = pathname;
  }, [pathname]);

  useEffect(() => {
    // The clean-up (and the cookie library) is loaded only while a week is held: most pages never need it.
    if (!document.cookie.includes('holdTok=')) return;
    void import('./hold-release').then(({ releaseHoldLeftBehind }) => releaseHoldLeftBehind(pathname));
  }, [pathname]);

  useEffect(() => {
    if (!key || started.current === key) return;
    started.current = key;
    setSigningIn(true);
    // A full navigation, so the whole shell reloads with the new session. The flow's code is
    // loaded only here: few page loads ever carry a key.
    void import('./impersonation-login')
      .then(({ impersonationLogin }) => impersonationLogin(key))
      .catch(() => '/session-out?reason=impersonation')
      .then((to) => window.location.assign(to));
  }, [key]);

  if (!key && !signingIn) return null;
  return (
    <div className="signing-in" role="status" aria-live="polite">
      {t('auth.signingIn')}
    </div>
  );
}
