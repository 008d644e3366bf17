/**
 * Booking-message polling (spec §4 "Notifications", §9): signed-in clients ask every 30 000 ms,
 * and triggers closer than 1000 ms to the last request (a mount, a tab coming back, a page
 * change, the interval) make one request. Pure: the clock and the request are injected, so the
 * rules are tested without timers or a network; the header mounts it (NotificationsBadge).
 */
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTIFICATION_DEDUPE_MS = 1_000;

export type PollerClock = {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
};

/** What one request found: a count, the session has ended (stop), or a passing failure (keep going). */
export type PollAnswer = { kind: 'count'; count: number } | { kind: 'signed_out' } | { kind: 'failed' };

export type NotificationPoller = {
  /** Polls at once, then every interval. Idempotent. */
  start(): void;
  /** Stops the interval; a request in flight is ignored when it lands. */
  stop(): void;
  /** Asks now, unless a request started within the dedupe window or is still in flight. Returns whether it asked. */
  trigger(): boolean;
};

export function createNotificationPoller(options: {
  clock: PollerClock;
  request: () => Promise<PollAnswer>;
  onCount: (count: number) => void;
  onSignedOut?: () => void;
  intervalMs?: number;
  dedupeMs?: number;
}): NotificationPoller {
  const { clock, request, onCount, onSignedOut } = options;
  const intervalMs = options.intervalMs ?? NOTIFICATION_POLL_MS;
  const dedupeMs = options.dedupeMs ?? NOTIFICATION_DEDUPE_MS;
  let timer: unknown = null;
  let running = false;
  let inFlight = false;
  let lastAskedAt = Number.NEGATIVE_INFINITY;
  // A stop/start cycle must not let an old answer land in the new run.
  let generation = 0;

  function trigger(): boolean {
    if (!running || inFlight) return false;
    const now = clock.now();
    if (now - lastAskedAt < dedupeMs) return false;
    lastAskedAt = now;
    inFlight = true;
    const run = generation;
    // Not awaited: trigger() answers at once whether it asked; a failed request is an answer (the catch).
    void request()
      .catch((): PollAnswer => ({ kind: 'failed' }))
      .then((answer) => {
        if (run !== generation) return;
        inFlight = false;
        if (answer.kind === 'count') onCount(answer.count);
        else if (answer.kind === 'signed_out') {
          stop();
          onSignedOut?.();
        }
      });
    return true;
  }

  function start() {
    if (running) return;
    running = true;
    timer = clock.setInterval(() => void trigger(), intervalMs);
    trigger();
  }

  function stop() {
    if (!running) return;
    running = false;
    inFlight = false;
    generation++;
    clock.clearInterval(timer);
    timer = null;
  }

  return { start, stop, trigger };
}

/** Reads `{ result: { total_messages } }` (spec §7) from a getCountMessages answer. */
export function countFromAnswer(status: number, body: unknown): PollAnswer {
  if (status === 401) return { kind: 'signed_out' };
  if (status !== 200 || typeof body !== 'object' || body === null || !('result' in body)) return { kind: 'failed' };
  const result = body.result;
  if (typeof result !== 'object' || result === null || !('total_messages' in result)) return { kind: 'failed' };
  const count = result.total_messages;
  return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? { kind: 'count', count } : { kind: 'failed' };
}
