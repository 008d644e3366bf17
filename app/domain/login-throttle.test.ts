import { describe, expect, it } from 'vitest';
import { accountKey, backoffMs, BACKOFF_CAP_MS, retryAfterMs } from './login-throttle';

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
    expect(retryAfterMs({ count: 4, newest: now, oldest: now - 10 }, now)).toBe(0);
    expect(retryAfterMs({ count: 5, newest: now - 10_000, oldest: now - 20_000 }, now)).toBe(20_000);
    expect(retryAfterMs({ count: 5, newest: now - 40_000, oldest: now - 50_000 }, now)).toBe(0);
  });

  it('refuses after 100 failures in an hour until the oldest leaves the window', () => {
    const now = 10_000_000;
    expect(retryAfterMs({ count: 100, newest: now - 20 * 60_000, oldest: now - 59 * 60_000 }, now)).toBe(60_000);
  });

  it('keys accounts by organisation and normalised e-mail', () => {
    expect(accountKey('wanderly', '  Maya@Example.COM ')).toBe('wanderly:maya@example.com');
  });
});
