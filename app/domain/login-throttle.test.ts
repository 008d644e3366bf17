import { describe, expect, it } from 'vitest';
import { accountKey, backoffMs, BACKOFF_CAP_MS, FAILURE_WINDOW_MS, type FailureWindow, MAX_FAILURES_PER_HOUR, retryAfterMs } from './login-throttle';

const none: FailureWindow = { count: 0, newest: null, oldest: null };
/** The failures of one address, also the account's only ones. */
const alone = (window: FailureWindow) => ({ account: window, fromClient: window });

describe('login throttling', () => {
  it('lets the first five failures through without waiting', () => {
    for (let n = 0; n < 5; n++) expect(backoffMs(n)).toBe(0);
  });

  it('backs off exponentially after five failures, capped at 15 minutes', () => {
    expect(backoffMs(5)).toBe(30_000);
    expect(backoffMs(6)).toBe(60_000);
    expect(backoffMs(7)).toBe(120_000);
    expect(backoffMs(30)).toBe(BACKOFF_CAP_MS);
  });

  it('asks for the rest of the backoff since the newest failure', () => {
    const now = 1_000_000;
    expect(retryAfterMs(alone({ count: 4, newest: now, oldest: now - 10 }), now)).toBe(0);
    expect(retryAfterMs(alone({ count: 5, newest: now - 10_000, oldest: now - 20_000 }), now)).toBe(20_000);
    expect(retryAfterMs(alone({ count: 5, newest: now - 40_000, oldest: now - 50_000 }), now)).toBe(0);
  });

  it('refuses after 100 failures in an hour, from any mix of addresses, until the oldest leaves the window', () => {
    const now = 10_000_000;
    const account = { count: 100, newest: now - 20 * 60_000, oldest: now - 59 * 60_000 };
    expect(retryAfterMs({ account, fromClient: none }, now)).toBe(60_000);
    expect(retryAfterMs({ account: { ...account, count: 99 }, fromClient: none }, now)).toBe(0);
  });

  it('keys accounts by organisation and normalised e-mail', () => {
    expect(accountKey('wanderly', '  Maya@Example.COM ')).toBe('wanderly:maya@example.com');
  });

  it("backs off the guessing address, not the owner's", () => {
    const now = 50_000_000;
    const attacker = { count: 12, newest: now - 1_000, oldest: now - 50 * 60_000 };
    expect(retryAfterMs({ account: attacker, fromClient: attacker }, now)).toBe(BACKOFF_CAP_MS - 1_000);
    expect(retryAfterMs({ account: attacker, fromClient: none }, now)).toBe(0);
  });

  it('one wrong password every few minutes from elsewhere never keeps the owner waiting', () => {
    // An attacker who retries the moment each wait ends, for six hours, from one address.
    const failures: number[] = [];
    const windowAt = (t: number, list: number[]): FailureWindow => {
      const recent = list.filter((f) => f > t - FAILURE_WINDOW_MS);
      return { count: recent.length, newest: recent.length ? Math.max(...recent) : null, oldest: recent.length ? Math.min(...recent) : null };
    };
    let ownerWaits = 0;
    let attackerRefused = 0;
    for (let t = 0; t < 6 * FAILURE_WINDOW_MS; t += 60_000) {
      const seen = windowAt(t, failures);
      if (retryAfterMs({ account: seen, fromClient: seen }, t) === 0) failures.push(t);
      else attackerRefused++;
      // The owner, from their own address with no failures, tries every minute too.
      if (retryAfterMs({ account: windowAt(t, failures), fromClient: none }, t) > 0) ownerWaits++;
    }
    expect(attackerRefused).toBeGreaterThan(0);
    expect(ownerWaits).toBe(0);
    expect(windowAt(6 * FAILURE_WINDOW_MS, failures).count).toBeLessThan(MAX_FAILURES_PER_HOUR);
  });
});
