import { describe, expect, it } from 'vitest';
import {
  type BookingStatusState,
  type FollowDeps,
  type PollFinding,
  type StatusSink,
  findingOfAnswer,
  followBookingStatus,
  isFinalBookingStatus,
  pollWith,
} from './booking-status';
import { STATUS_POLL } from './membership';

/** Timers the test moves by hand. */
function manualTimers() {
  let now = 0;
  let ids = 0;
  const timers = new Map<number, { fn: () => void; at: number }>();
  return {
    setTimeout: (fn: () => void, ms: number) => {
      timers.set(++ids, { fn, at: now + ms });
      return ids;
    },
    clearTimeout: (handle: unknown) => void timers.delete(handle as number),
    pending: () => timers.size,
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        // A poll answered meanwhile schedules the next one.
        await settle();
        const [id, due] = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0] ?? [];
        if (id === undefined || !due) break;
        timers.delete(id);
        now = due.at;
        due.fn();
      }
      now = until;
      await settle();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(findings: (poll: number) => PollFinding = () => ({ kind: 'status', status: 'pending' })) {
  const timers = manualTimers();
  let sink: StatusSink | undefined;
  let subscriptions = 0;
  let unsubscribed = 0;
  const polls: string[] = [];
  const states: BookingStatusState[] = [];
  const deps: FollowDeps = {
    subscribe: (_reference, s) => {
      subscriptions++;
      sink = s;
      return () => void unsubscribed++;
    },
    poll: async (reference) => {
      polls.push(reference);
      return findings(polls.length);
    },
    setTimeout: timers.setTimeout,
    clearTimeout: timers.clearTimeout,
  };
  const stop = followBookingStatus('WAN-7K2QX9AB', deps, (state) => states.push(state));
  return {
    timers,
    polls,
    states,
    stop,
    sink: () => sink!,
    last: () => states.at(-1)!,
    counts: () => ({ subscriptions, unsubscribed }),
  };
}

describe('isFinalBookingStatus', () => {
  it('is final for confirmed, failed and cancelled only', () => {
    expect(['confirmed', 'failed', 'cancelled'].every(isFinalBookingStatus)).toBe(true);
    expect(['initiated', 'pending', 'CONFIRMED', ''].some(isFinalBookingStatus)).toBe(false);
  });
});

describe('findingOfAnswer', () => {
  it('reads a 200 { status, booking_id }; 401, 400 and 404 stop; anything else is a passing failure', () => {
    expect(findingOfAnswer(200, { status: 'pending', booking_id: 'WAN-1' })).toEqual({ kind: 'status', status: 'pending' });
    for (const status of [401, 400, 404]) expect(findingOfAnswer(status, { status, message: 'x' })).toEqual({ kind: 'stop' });
    expect(findingOfAnswer(500, null)).toEqual({ kind: 'failed' });
    expect(findingOfAnswer(200, null)).toEqual({ kind: 'failed' });
    expect(findingOfAnswer(200, { status: 7 })).toEqual({ kind: 'failed' });
  });
});

describe('pollWith', () => {
  it('asks the endpoint for the booking, its id encoded', async () => {
    const urls: string[] = [];
    const poll = pollWith(async (url) => {
      urls.push(url);
      return { status: 200, json: async () => ({ status: 'confirmed', booking_id: 'WAN-A' }) };
    });
    expect(await poll('WAN-A&x')).toEqual({ kind: 'status', status: 'confirmed' });
    expect(urls).toEqual(['/api/booking/status?booking_id=WAN-A%26x']);
  });

  it('reads a body that is not JSON as a passing failure', async () => {
    const poll = pollWith(async () => ({ status: 502, json: () => Promise.reject(new SyntaxError('not JSON')) }));
    expect(await poll('WAN-A')).toEqual({ kind: 'failed' });
  });
});

describe('followBookingStatus', () => {
  it('follows the socket to a final status, then stops without polling', async () => {
    const h = harness();
    expect(h.last()).toEqual({ status: null, via: null, done: false });
    h.sink().next('pending');
    expect(h.last()).toEqual({ status: 'pending', via: 'socket', done: false });
    await h.timers.advance(60_000);
    h.sink().next('confirmed');
    expect(h.last()).toEqual({ status: 'confirmed', via: 'socket', done: true });
    expect(h.counts()).toEqual({ subscriptions: 1, unsubscribed: 1 });
    await h.timers.advance(60_000);
    expect(h.polls).toEqual([]);
  });

  it('polls every 2 s, at most 10 times, when the socket errors before any status', async () => {
    const h = harness();
    h.sink().error();
    expect(h.counts().unsubscribed).toBe(1);
    await h.timers.advance(0);
    expect(h.polls).toHaveLength(1);
    expect(h.last()).toEqual({ status: 'pending', via: 'polling', done: false });
    await h.timers.advance(STATUS_POLL.everyMs - 1);
    expect(h.polls).toHaveLength(1);
    await h.timers.advance(1);
    expect(h.polls).toHaveLength(2);
    await h.timers.advance(60_000);
    expect(h.polls).toHaveLength(STATUS_POLL.maxPolls);
    expect(h.last()).toEqual({ status: 'pending', via: 'polling', done: true });
    expect(h.timers.pending()).toBe(0);
  });

  it('stops polling at a final status, showing the same result the socket would', async () => {
    const h = harness((poll) => ({ kind: 'status', status: poll < 3 ? 'pending' : 'confirmed' }));
    h.sink().error();
    await h.timers.advance(60_000);
    expect(h.polls).toHaveLength(3);
    expect(h.last()).toEqual({ status: 'confirmed', via: 'polling', done: true });
  });

  it('falls back when no status arrives within one poll interval (a hanging or blocked socket)', async () => {
    const h = harness();
    await h.timers.advance(STATUS_POLL.everyMs - 1);
    expect(h.polls).toEqual([]);
    await h.timers.advance(1);
    expect(h.polls).toHaveLength(1);
    expect(h.counts().unsubscribed).toBe(1);
    // A late socket status is ignored once polling.
    h.sink().next('confirmed');
    expect(h.last().via).toBe('polling');
  });

  it('keeps following by polling when the socket closes after a status that is not final', async () => {
    const h = harness((poll) => ({ kind: 'status', status: poll < 2 ? 'pending' : 'failed' }));
    h.sink().next('initiated');
    await h.timers.advance(10_000);
    expect(h.polls).toEqual([]);
    h.sink().error();
    await h.timers.advance(10_000);
    expect(h.states.map((s) => [s.status, s.via, s.done])).toEqual([
      [null, null, false],
      ['initiated', 'socket', false],
      ['initiated', 'polling', false],
      ['pending', 'polling', false],
      ['failed', 'polling', true],
    ]);
  });

  it('ends with nothing when the endpoint says the booking is not the user’s (404) or the session ended (401)', async () => {
    const h = harness(() => ({ kind: 'stop' }));
    await h.timers.advance(60_000);
    expect(h.polls).toHaveLength(1);
    expect(h.last()).toEqual({ status: null, via: 'polling', done: true });
  });

  it('counts a failed poll and polls again', async () => {
    const h = harness((poll) => (poll === 1 ? { kind: 'failed' } : { kind: 'status', status: 'confirmed' }));
    h.sink().error();
    await h.timers.advance(0);
    expect(h.last()).toEqual({ status: null, via: 'polling', done: false });
    await h.timers.advance(STATUS_POLL.everyMs);
    expect(h.polls).toHaveLength(2);
    expect(h.last()).toEqual({ status: 'confirmed', via: 'polling', done: true });
  });

  it('stops everything when stopped: no more states, no poll landing later', async () => {
    const h = harness();
    h.sink().error();
    h.stop();
    const seen = h.states.length;
    await h.timers.advance(60_000);
    expect(h.states).toHaveLength(seen);
    expect(h.polls).toHaveLength(1);
    expect(h.timers.pending()).toBe(0);
  });

  it('unsubscribes a socket that failed while subscribing', () => {
    const timers = manualTimers();
    let unsubscribed = false;
    followBookingStatus(
      'WAN-A',
      {
        subscribe: (_reference, sink) => {
          sink.error();
          return () => void (unsubscribed = true);
        },
        poll: async () => ({ kind: 'stop' }),
        ...timers,
      },
      () => {},
    );
    expect(unsubscribed).toBe(true);
  });
});
