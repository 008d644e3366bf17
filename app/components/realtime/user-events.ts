// The page's side of the fraud channel (spec §4 "Fingerprint and fraud channel events", §7):
// loaded on demand for a signed-in visitor, it follows the userEvents subscription and acts on
// each event. It starts after the last event the page was rendered with and keeps the number of
// each one it receives, so a socket that comes back (to any instance, after any gap) asks for
// what it missed. A socket that drops is tried again with a growing pause. One the server closed
// because the user was blocked takes the page to sign-in; one closed because the session ended
// stops following.
import { type Client, gql } from '@urql/core';
import { sendFingerprint } from '~/components/fraud/fingerprint';
import { graphqlClient } from './graphql-client';

type UserEvent = { seq: number; kind: string; minCheckinDays: number | null };

const USER_EVENTS = gql<{ userEvents: UserEvent }, { after: number }>`
  subscription UserEvents($after: Int) {
    userEvents(after: $after) {
      seq
      kind
      minCheckinDays
    }
  }
`;

export type UserEventHandlers = {
  /** user_blocked, or the socket closed for a blocked user (4403): every page of the user signs out (spec §4, §9). */
  onBlocked: () => void;
  /** min_checkin_days_updated: open pages recompute the earliest check-in. */
  onMinCheckinDays: (days: number | null) => void;
  /** request_fingerprint: a new fingerprint is collected. */
  onRequestFingerprint: () => void;
};

export type UserEventDeps = {
  client: Client;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

/** Pauses before each new try after a failure; after the last, the page stops following (a reload starts again). */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 30_000, 30_000, 30_000];
/** Close codes of server/graphql.ts: the session ended (4401), the user is blocked (4403). */
const CLOSE_SESSION_ENDED = 4401;
const CLOSE_USER_BLOCKED = 4403;

/** Follows the signed-in user's events after number `after` until the returned stop is called. */
export function followUserEvents(after: number, handlers: UserEventHandlers, deps: UserEventDeps): () => void {
  let cursor = after;
  let stopped = false;
  let failures = 0;
  let unsubscribe: (() => void) | undefined;
  let retry: unknown;
  const subscribe = () => {
    unsubscribe = deps.client.subscription(USER_EVENTS, { after: cursor }).subscribe((result) => {
      if (stopped) return;
      if (result.error) return failed((result.error.networkError as { code?: number } | undefined)?.code);
      const event = result.data?.userEvents;
      if (!event) return;
      failures = 0;
      cursor = event.seq;
      if (event.kind === 'user_blocked') handlers.onBlocked();
      else if (event.kind === 'min_checkin_days_updated') handlers.onMinCheckinDays(event.minCheckinDays);
      else if (event.kind === 'request_fingerprint') handlers.onRequestFingerprint();
    }).unsubscribe;
  };
  const failed = (closeCode: number | undefined) => {
    unsubscribe?.();
    if (closeCode === CLOSE_USER_BLOCKED) return handlers.onBlocked();
    // The session ended under the page (signed out or in again elsewhere, timed out): the page's
    // next request says so; leaving now could take it from a visitor who just signed in again.
    if (closeCode === CLOSE_SESSION_ENDED) return;
    // A dropped socket (an instance gone, the network): again, after what it last saw.
    if (failures < RETRY_MS.length) retry = deps.setTimeout(subscribe, RETRY_MS[failures++]!);
  };
  subscribe();
  return () => {
    stopped = true;
    deps.clearTimeout(retry);
    unsubscribe?.();
  };
}

/** Where a page goes when its user is blocked (spec §9: logged out). */
const BLOCKED_PATH = '/auth/login';

/**
 * Follows the user's events in the browser: blocked → sign-in; a new minimum check-in →
 * `reload` the page's data (its earliest dates, a checkout now too soon); request_fingerprint →
 * a new fingerprint.
 */
export function followInBrowser(after: number, reload: () => void): () => void {
  const handlers: UserEventHandlers = {
    onBlocked: () => window.location.assign(BLOCKED_PATH),
    onMinCheckinDays: reload,
    onRequestFingerprint: () => void sendFingerprint().catch((error: unknown) => console.warn('[fingerprint] failed:', error instanceof Error ? error.message : error)),
  };
  return followUserEvents(after, handlers, browserDeps());
}

function browserDeps(): UserEventDeps {
  return {
    client: graphqlClient(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}
