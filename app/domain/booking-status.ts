/**
 * Following a booking's status (spec §3 "Booking status message", §4 "Subscription booking";
 * architecture §6): the booking-status subscription first, and when the socket is unavailable
 * polling GET /api/booking/status every 2 s, at most 10 times. Pure: the subscription, the
 * request and the timers are injected, so the rules are tested without a socket or a network;
 * useBookingStatus wires them in the browser.
 */
import { STATUS_POLL } from './membership';

/** Spec §3: what the channel and the polling endpoint send. */
export type BookingStatusMessage = { status: string; booking_id: string };

const FINAL = new Set(['confirmed', 'failed', 'cancelled']);

/** A status after which a booking does not move on its own: following it ends. */
export const isFinalBookingStatus = (status: string) => FINAL.has(status);

/** The polling endpoint (docs/api.md). */
export const BOOKING_STATUS_PATH = '/api/booking/status';

export type BookingStatusState = {
  /** The last status received; null until one arrives (and for a booking that is not the user's). */
  status: string | null;
  /** Where the last status came from, or how it is being followed; null before either answered. */
  via: 'socket' | 'polling' | null;
  /** Nothing more will come: a final status, the booking is not the user's, or the polls ran out. */
  done: boolean;
};

export const NOT_FOLLOWING: BookingStatusState = { status: null, via: null, done: false };

/** The socket's events for one subscription (any error means the socket is unavailable). */
export type StatusSink = { next(status: string): void; error(): void };

/** What one poll found: a status, nothing to follow (stop), or a passing failure (poll again). */
export type PollFinding = { kind: 'status'; status: string } | { kind: 'stop' } | { kind: 'failed' };

/** Reads a GET /api/booking/status answer: 200 `{ status, booking_id }`; 401, 400 and 404 end the following. */
export function findingOfAnswer(httpStatus: number, body: unknown): PollFinding {
  if (httpStatus === 401 || httpStatus === 400 || httpStatus === 404) return { kind: 'stop' };
  if (httpStatus !== 200 || typeof body !== 'object' || body === null || !('status' in body)) return { kind: 'failed' };
  return typeof body.status === 'string' ? { kind: 'status', status: body.status } : { kind: 'failed' };
}

/** One poll of the endpoint with `fetch` (the browser's, or a test's), as a finding. */
export function pollWith(fetch: (url: string) => Promise<{ status: number; json(): Promise<unknown> }>) {
  return async (reference: string): Promise<PollFinding> => {
    const answer = await fetch(`${BOOKING_STATUS_PATH}?booking_id=${encodeURIComponent(reference)}`);
    return findingOfAnswer(answer.status, await answer.json().catch(() => null));
  };
}

export type FollowDeps = {
  /** Subscribes to the booking-status channel; returns the unsubscribe. */
  subscribe(reference: string, sink: StatusSink): () => void;
  /** One request of the polling endpoint. */
  poll(reference: string): Promise<PollFinding>;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  everyMs?: number;
  maxPolls?: number;
};

/**
 * Follows `reference`, reporting each new state to `onState`; returns the stop. The socket is
 * used first. It counts as unavailable when it errors (refused, blocked, closed) before a final
 * status, or when no status arrives within one poll interval (a hanging upgrade, or a booking
 * the channel says nothing about): then it is dropped and the endpoint is polled at once and
 * every `everyMs`, at most `maxPolls` times, stopping at a final status.
 */
export function followBookingStatus(reference: string, deps: FollowDeps, onState: (state: BookingStatusState) => void): () => void {
  const everyMs = deps.everyMs ?? STATUS_POLL.everyMs;
  const maxPolls = deps.maxPolls ?? STATUS_POLL.maxPolls;
  let state = NOT_FOLLOWING;
  let stopped = false;
  let timer: unknown;
  let unsubscribe: (() => void) | undefined;
  let polls = 0;

  const report = (next: Partial<BookingStatusState>) => {
    if (stopped) return;
    state = { ...state, ...next };
    if (state.done) stop();
    onState(state);
  };
  const onStatus = (status: string, via: 'socket' | 'polling') => report({ status, via, done: isFinalBookingStatus(status) });

  function stop() {
    stopped = true;
    deps.clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = undefined;
  }

  function pollOnce() {
    polls++;
    // Not awaited: the answer schedules the next poll, and a failed poll is a finding (the catch).
    void deps
      .poll(reference)
      .catch((): PollFinding => ({ kind: 'failed' }))
      .then((finding) => {
        if (stopped) return;
        if (finding.kind === 'status') onStatus(finding.status, 'polling');
        if (finding.kind === 'stop' || polls >= maxPolls) report({ done: true });
        else if (!stopped) timer = deps.setTimeout(pollOnce, everyMs);
      });
  }

  function fallBack() {
    if (stopped || state.via === 'polling') return;
    deps.clearTimeout(timer);
    unsubscribe?.();
    unsubscribe = undefined;
    report({ via: 'polling' });
    pollOnce();
  }

  onState(state);
  let answered = false;
  timer = deps.setTimeout(() => answered || fallBack(), everyMs);
  const socketUnsubscribe = deps.subscribe(reference, {
    next: (status) => {
      if (stopped || state.via === 'polling') return;
      if (!answered) deps.clearTimeout(timer);
      answered = true;
      onStatus(status, 'socket');
    },
    error: fallBack,
  });
  // The subscription may have ended (errored, or a final status) before subscribe returned.
  if (stopped || state.via === 'polling') socketUnsubscribe();
  else unsubscribe = socketUnsubscribe;
  return stop;
}
