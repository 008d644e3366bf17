import type { Role } from '~/services/platform/db-schema';

/** S1: a session ends after 30 minutes without use and 12 hours after sign-in, whichever first. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** Who opened a session by impersonation (spec §4): the agent or administrator as they are now. */
export type SessionAuthor = { role: Role; isBlocked: boolean };

/** What decides whether a session still stands. */
export type SessionFacts = {
  expiresAt: Date;
  lastSeenAt: Date;
  user: { role: Role; isBlocked: boolean };
  /** Null for a session its user opened; the author of one opened by impersonation. */
  author: SessionAuthor | null;
};

/**
 * Whether a session still stands: 'blocked' when its user, or the author who opened it as them,
 * is blocked (a socket closes 4403); 'ended' when it expired, idled out, or its author may no
 * longer sign in as this user (an agent who lost the role, an agent's member who became an
 * agent); 'live' otherwise. Every reader of a session (each request, every open socket) asks this.
 */
export function sessionVerdict(facts: SessionFacts, now: number): 'live' | 'ended' | 'blocked' {
  if (facts.user.isBlocked || facts.author?.isBlocked) return 'blocked';
  if (facts.expiresAt.getTime() <= now || facts.lastSeenAt.getTime() + IDLE_TIMEOUT_MS <= now) return 'ended';
  if (facts.author && !mayImpersonate(facts.author.role, facts.user.role)) return 'ended';
  return 'live';
}

/** Agents may sign in as members of their organisation; administrators as anyone but administrators. */
export function mayImpersonate(authorRole: Role, targetRole: Role): boolean {
  if (targetRole === 'admin') return false;
  if (authorRole === 'admin') return true;
  return authorRole === 'agent' && targetRole === 'member';
}

/**
 * When a session opened now ends at the latest: 12 hours from now, and never after the session
 * of the author who opened it by impersonation (an impersonation outlives no one's rights).
 */
export function sessionExpiry(now: number, authorExpiresAt: Date | null): Date {
  const own = now + ABSOLUTE_TIMEOUT_MS;
  return new Date(authorExpiresAt ? Math.min(own, authorExpiresAt.getTime()) : own);
}
