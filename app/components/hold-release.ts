// Spec §2: leaving the resort and stay pages gives back the week the visitor held (its token in
// the `holdTok` cookie). Loaded by RouteBehaviours only while that cookie is set.
import Cookies from 'js-cookie';
import { holdReleasePayload, shouldReleaseHold } from '~/domain/hold-cleanup';

/** Releases the held week when `pathname` is outside its pages; best effort (a hold also expires). */
export function releaseHoldLeftBehind(pathname: string): void {
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
}
