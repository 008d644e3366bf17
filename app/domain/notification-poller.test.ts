import { describe, expect, it } from 'vitest';
import { type PollAnswer, type PollerClock, countFromAnswer, createNotificationPoller } from './notification-poller';

/** A clock the test moves by hand; intervals fire as time passes. */
function manualClock() {
  let now = 1_000_000;
  const timers = new Map<number, { fn: () => void; every: number; next: number }>();
  let ids = 0;
  const clock: PollerClock = {
    now: () => now,
    setInterval: (fn, ms) => {
      ids++;
      timers.set(ids, { fn, every: ms, next: now + ms });
      return ids;
    },
    clearInterval: (handle) => void timers.delete(handle as number),
  };
  async function advance(ms: number) {
    const until = now + ms;
    for (;;) {
      const due = [...timers.values()].filter((t) => t.next <= until).sort((a, b) => a.next - b.next)[0];
      if (!due) break;
      now = due.next;
      due.next += due.every;
      due.fn();
      await settle();
    }
    now = until;
    await settle();
  }
  return { clock, advance, timers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(answers: () => PollAnswer = () => ({ kind: 'count', count: 2 })) {
  const time = manualClock();
  const calls: number[] = [];
  const counts: number[] = [];
  let signedOut = 0;
  const poller = createNotificationPoller({
    clock: time.clock,
    request: async () => {
      calls.push(time.clock.now());
      return answers();
    },
    onCount: (c) => counts.push(c),
    onSignedOut: () => signedOut++,
  });
  return { poller, time, calls, counts, signedOut: () => signedOut };
}

describe('notification poller', () => {
  it('asks at once, then every 30 000 ms', async () => {
    const { poller, time, calls, counts } = harness();
    poller.start();
    await settle();
    expect(calls).toHaveLength(1);
    expect(counts).toEqual([2]);
    await time.advance(29_999);
    expect(calls).toHaveLength(1);
    await time.advance(1);
    expect(calls).toHaveLength(2);
    await time.advance(60_000);
    expect(calls).toHaveLength(4);
    expect(calls[3]! - calls[2]!).toBe(30_000);
  });

  it('makes one request of several triggers within 1000 ms', async () => {
    const { poller, time, calls } = harness();
    poller.start();
    await settle();
    expect(poller.trigger()).toBe(false);
    await time.advance(500);
    expect(poller.trigger()).toBe(false);
    await time.advance(499);
    expect(poller.trigger()).toBe(false);
    expect(calls).toHaveLength(1);
    await time.advance(1);
    expect(poller.trigger()).toBe(true);
    await settle();
    expect(calls).toHaveLength(2);
  });

  it('never asks before start or after stop', async () => {
    const { poller, time, calls } = harness();
    expect(poller.trigger()).toBe(false);
    await time.advance(120_000);
    expect(calls).toEqual([]);
    poller.start();
    await settle();
    poller.stop();
    await time.advance(120_000);
    expect(poller.trigger()).toBe(false);
    expect(calls).toHaveLength(1);
    expect(time.timers.size).toBe(0);
  });

  it('stops when the session has ended (401) and keeps going after a passing failure', async () => {
    let answer: PollAnswer = { kind: 'failed' };
    const { poller, time, calls, counts, signedOut } = harness(() => answer);
    poller.start();
    await settle();
    await time.advance(30_000);
    expect(calls).toHaveLength(2);
    expect(counts).toEqual([]);
    answer = { kind: 'signed_out' };
    await time.advance(30_000);
    expect(signedOut()).toBe(1);
    await time.advance(90_000);
    expect(calls).toHaveLength(3);
  });

  it('a thrown request counts as a passing failure', async () => {
    const time = manualClock();
    let calls = 0;
    const poller = createNotificationPoller({
      clock: time.clock,
      request: () => {
        calls++;
        return Promise.reject(new Error('offline'));
      },
      onCount: () => {},
    });
    poller.start();
    await settle();
    await time.advance(30_000);
    expect(calls).toBe(2);
    poller.stop();
  });
});

describe('countFromAnswer', () => {
  it('reads result.total_messages, 401 as signed out, anything else as a failure', () => {
    expect(countFromAnswer(200, { result: { total_messages: 3, booking_count: 5 } })).toEqual({ kind: 'count', count: 3 });
    expect(countFromAnswer(401, { status: 401 })).toEqual({ kind: 'signed_out' });
    expect(countFromAnswer(500, null)).toEqual({ kind: 'failed' });
    expect(countFromAnswer(200, { result: { total_messages: -1 } })).toEqual({ kind: 'failed' });
    expect(countFromAnswer(200, { result: null })).toEqual({ kind: 'failed' });
  });
});
