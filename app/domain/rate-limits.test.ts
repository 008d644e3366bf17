import { describe, expect, it } from 'vitest';
import { counterKeys, RATE_LIMITS, rateVerdict, scaledLimit, windowOf } from './rate-limits';

const limit = { perAddress: 10, perSession: 4, windowMs: 60_000 };

describe('per-visitor rate limits', () => {
  it('lets a visitor through up to the limit, this request included', () => {
    expect(rateVerdict({ address: 10, session: 4 }, limit, 1, 0)).toEqual({ ok: true });
    expect(rateVerdict({ address: 1, session: null }, limit, 1, 0)).toEqual({ ok: true });
  });

  it('refuses when either the address or the session is over, whichever comes first', () => {
    expect(rateVerdict({ address: 11, session: 1 }, limit, 1, 0).ok).toBe(false);
    expect(rateVerdict({ address: 5, session: 5 }, limit, 1, 0).ok).toBe(false);
    // Without a session only the address counts.
    expect(rateVerdict({ address: 5, session: null }, limit, 1, 0).ok).toBe(true);
  });

  it('asks to retry when the window ends, at least a second', () => {
    expect(rateVerdict({ address: 11, session: null }, limit, 1, 120_000 + 45_500)).toEqual({ ok: false, retryAfterSeconds: 15, by: 'visitor' });
    expect(rateVerdict({ address: 11, session: null }, limit, 1, 179_999)).toEqual({ ok: false, retryAfterSeconds: 1, by: 'visitor' });
  });

  it('scales every limit by RATE_LIMIT_SCALE, never below one', () => {
    expect(scaledLimit(10, 1000)).toBe(10_000);
    expect(scaledLimit(10, 0.5)).toBe(5);
    expect(scaledLimit(1, 0.01)).toBe(1);
    expect(rateVerdict({ address: 11, session: 5 }, limit, 1000, 0)).toEqual({ ok: true });
  });

  it('counts in fixed windows: a new window starts a new count', () => {
    expect(windowOf(59_999, 60_000)).toEqual({ index: 0, endsAt: 60_000 });
    expect(windowOf(60_000, 60_000)).toEqual({ index: 1, endsAt: 120_000 });
  });

  it('keys counters by action, visitor and window', () => {
    expect(counterKeys('hold', { clientIp: '203.0.113.9', sessionKey: 'user:7' }, 42)).toEqual({
      address: 'hold:ip:203.0.113.9:42',
      session: 'hold:session:user:7:42',
      card: null,
    });
    expect(counterKeys('search', { clientIp: '::1', sessionKey: null }, 3)).toEqual({ address: 'search:ip:::1:3', session: null, card: null });
    // A card is counted only where the action limits cards.
    expect(counterKeys('cardCharge', { clientIp: '::1', sessionKey: null, cardKey: '411111:1111' }, 3).card).toBe('cardCharge:card:411111:1111:3');
    expect(counterKeys('codeLookup', { clientIp: '::1', sessionKey: null, cardKey: '411111:1111' }, 3).card).toBeNull();
  });

  it("refuses a card over its own limit whoever tries it, and says it was the card's", () => {
    const cards = { perAddress: 20, perSession: 10, perCard: 3, windowMs: 60_000 };
    expect(rateVerdict({ address: 1, session: 1, card: 3 }, cards, 1, 0)).toEqual({ ok: true });
    expect(rateVerdict({ address: 1, session: 1, card: 4 }, cards, 1, 0)).toMatchObject({ ok: false, by: 'card' });
    expect(rateVerdict({ address: 21, session: 1, card: 4 }, cards, 1, 0)).toMatchObject({ ok: false, by: 'visitor' });
    // Without a card limit a card count changes nothing.
    expect(rateVerdict({ address: 1, session: 1, card: 99 }, limit, 1, 0)).toEqual({ ok: true });
  });

  it('gives sessions a tighter limit than addresses (an address can be shared)', () => {
    for (const rule of Object.values(RATE_LIMITS)) expect(rule.perSession).toBeLessThan(rule.perAddress);
  });
});
