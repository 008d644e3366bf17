import { describe, expect, it } from 'vitest';
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS, mayImpersonate, sessionExpiry, sessionVerdict } from './session-verdict';

const now = Date.parse('2026-11-29T12:00:00Z');
const live = { expiresAt: new Date(now + 3_600_000), lastSeenAt: new Date(now - 60_000), user: { role: 'member' as const, isBlocked: false }, author: null };

describe('sessionVerdict', () => {
  it('is live while neither expired nor idle, and ends at either', () => {
    expect(sessionVerdict(live, now)).toBe('live');
    expect(sessionVerdict({ ...live, expiresAt: new Date(now) }, now)).toBe('ended');
    expect(sessionVerdict({ ...live, lastSeenAt: new Date(now - IDLE_TIMEOUT_MS) }, now)).toBe('ended');
  });

  it('is blocked when its user or the author who opened it is blocked', () => {
    expect(sessionVerdict({ ...live, user: { role: 'member', isBlocked: true } }, now)).toBe('blocked');
    expect(sessionVerdict({ ...live, author: { role: 'agent', isBlocked: true } }, now)).toBe('blocked');
  });

  it('ends a session opened by impersonation when its author may no longer sign in as the user', () => {
    expect(sessionVerdict({ ...live, author: { role: 'agent', isBlocked: false } }, now)).toBe('live');
    expect(sessionVerdict({ ...live, author: { role: 'member', isBlocked: false } }, now)).toBe('ended');
    expect(sessionVerdict({ ...live, user: { role: 'agent', isBlocked: false }, author: { role: 'agent', isBlocked: false } }, now)).toBe('ended');
    expect(sessionVerdict({ ...live, user: { role: 'agent', isBlocked: false }, author: { role: 'admin', isBlocked: false } }, now)).toBe('live');
  });
});

describe('mayImpersonate', () => {
  it('lets agents sign in as members and administrators as anyone but administrators', () => {
    expect(mayImpersonate('agent', 'member')).toBe(true);
    expect(mayImpersonate('agent', 'agent')).toBe(false);
    expect(mayImpersonate('admin', 'agent')).toBe(true);
    expect(mayImpersonate('admin', 'admin')).toBe(false);
    expect(mayImpersonate('member', 'member')).toBe(false);
  });
});

describe('sessionExpiry', () => {
  it('is 12 hours away, and never after the session of the author who opened it', () => {
    expect(sessionExpiry(now, null).getTime()).toBe(now + ABSOLUTE_TIMEOUT_MS);
    expect(sessionExpiry(now, new Date(now + 60_000)).getTime()).toBe(now + 60_000);
    expect(sessionExpiry(now, new Date(now + 2 * ABSOLUTE_TIMEOUT_MS)).getTime()).toBe(now + ABSOLUTE_TIMEOUT_MS);
  });
});
