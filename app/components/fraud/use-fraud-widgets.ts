import { useMatches, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';

const logFailure = (what: string) => (error: unknown) => console.warn(`[${what}] failed:`, error instanceof Error ? error.message : error);

/** Loads the fingerprint widget and posts a fingerprint (spec §7); its failure, a blocked script included, is only logged (spec §9). */
export const sendFingerprintLater = () => import('./fingerprint').then((widget) => widget.sendFingerprint(), logFailure('fingerprint'));

/** A route whose page collects a fingerprint says so in its handle (checkout, sign-in). */
export type FingerprintHandle = { fingerprint?: boolean };

/**
 * The page's fraud widgets (spec §1, §4, §7), in the root so that one hook serves every page;
 * their code loads on demand once the page is up, so no page's first load pays for it:
 * - the fingerprint, on a page that asks for one (its route's handle, or the sign-in dialog open);
 * - a signed-in page follows its user's fraud-channel events after the last one it was rendered
 *   with (app/components/realtime/user-events.ts).
 */
export function useFraudWidgets({ userId, eventsAfter, signInOpen }: { userId: string | null; eventsAfter: number | null; signInOpen: boolean }): void {
  const matches = useMatches();
  const wantsFingerprint = signInOpen || matches.some((match) => (match.handle as FingerprintHandle | undefined)?.fingerprint);
  const { revalidate } = useRevalidator();
  const latest = useRef({ revalidate, eventsAfter });
  latest.current = { revalidate, eventsAfter };
  useEffect(() => {
    if (wantsFingerprint) void sendFingerprintLater();
  }, [wantsFingerprint]);
  useEffect(() => {
    const after = latest.current.eventsAfter;
    if (!userId || after === null) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('../realtime/user-events').then((events) => {
      if (!left) stop = events.followInBrowser(after, () => latest.current.revalidate());
    }, logFailure('user events'));
    return () => {
      left = true;
      stop?.();
    };
  }, [userId]);
}
