import { useMatches, useRevalidator } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { ShellData } from '~/services/site/shell.server';

const logFailure = (what: string) => (error: unknown) => console.warn(`[${what}] failed:`, error);

/** Loads the fingerprint widget and posts a fingerprint (spec §7); its failure, a blocked script included, is only logged (spec §9). */
const sendFingerprintLater = () => import('./fingerprint').then((widget) => widget.sendFingerprint(), logFailure('fingerprint'));

/** How long a signed-in page is up before it follows its user's events. */
const FOLLOW_AFTER_MS = 1_000;

/** A route whose page collects a fingerprint says so in its handle (checkout, sign-in). */
export type FingerprintHandle = { fingerprint?: boolean };

/**
 * The page's fraud widgets (spec §1, §4, §7), in the root so that one hook serves every page;
 * their code loads on demand once the page is up, so no page's first load pays for it:
 * - the fingerprint, on a page that asks for one (its route's handle, or the sign-in dialog open);
 * - a signed-in page follows its user's fraud-channel events after the last one it was rendered
 *   with (app/components/realtime/user-events.ts).
 */
export function useFraudWidgets(shell: Pick<ShellData, 'user' | 'userEventsAfter' | 'org'> | null): void {
  const userId = shell?.user?.userId;
  const eventsAfter = shell?.userEventsAfter;
  const matches = useMatches();
  // The sign-in dialog is open where the shell carries its forms and nobody is signed in.
  const wantsFingerprint = Boolean(shell?.org.authLayouts && !userId) || matches.some((match) => (match.handle as FingerprintHandle | undefined)?.fingerprint);
  const { revalidate } = useRevalidator();
  const latest = useRef({ revalidate, eventsAfter });
  latest.current = { revalidate, eventsAfter };
  useEffect(() => {
    if (wantsFingerprint) void sendFingerprintLater();
  }, [wantsFingerprint]);
  useEffect(() => {
    const after = latest.current.eventsAfter;
    if (!userId || after == null) return;
    let stop: (() => void) | undefined;
    let left = false;
    // A page that stays: one passed through on the way elsewhere costs no socket (the events it
    // would miss wait for the next page, which starts from where this one was rendered).
    const start = window.setTimeout(() => {
      import('../realtime/user-events').then((events) => {
        if (!left) stop = events.followInBrowser(after, () => latest.current.revalidate());
      }, logFailure('user events'));
    }, FOLLOW_AFTER_MS);
    return () => {
      left = true;
      window.clearTimeout(start);
      stop?.();
    };
  }, [userId]);
}
