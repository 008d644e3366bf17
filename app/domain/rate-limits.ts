/**
 * Per-visitor limits on the actions a script could abuse (docs/decisions/0016), pure so the
 * rule is tested without a database. A visitor is counted twice, by client address and by
 * session (the signed-in user, or the session cookie), and is refused when either count is
 * over its limit. Address limits are higher: several people can share one address (an office,
 * a mobile carrier's NAT), a session is one person.
 *
 * Fixed windows: one counter row per action, visitor and window, bumped by one upsert. A
 * burst across a window boundary can reach twice the limit; that is acceptable for stopping
 * scripts, and it keeps every check to one statement on any number of instances.
 */
export type LimitedAction = 'hold' | 'signup' | 'reset' | 'search' | 'autosuggest' | 'tripInvite' | CardAction | 'codeLookup' | 'fingerprint';

/** What a card tester repeats: charging a card, verifying one (saving it), topping a wallet up with one. */
export type CardAction = 'cardCharge' | 'cardSave' | 'walletTopup';

/** `perCard`: a card's own limit (card actions), counted by its BIN and last four digits whoever tries it. */
export type RateLimit = { perAddress: number; perSession: number; perCard?: number; windowMs: number };

const MINUTE = 60_000;

export const RATE_LIMITS: Record<LimitedAction, RateLimit> = {
  /** Opening checkout: a person compares a few offers; a script hoarding inventory makes many. */
  hold: { perAddress: 30, perSession: 15, windowMs: 10 * MINUTE },
  /** Sign-up and reset e-mails (each address is also limited per e-mail, MAIL_REQUESTS_PER_HOUR). */
  signup: { perAddress: 10, perSession: 5, windowMs: 60 * MINUTE },
  reset: { perAddress: 10, perSession: 5, windowMs: 60 * MINUTE },
  /** Results pages: paging, sorting and refining are each a search. */
  search: { perAddress: 120, perSession: 60, windowMs: MINUTE },
  /** Airport suggestions: one call per keystroke while typing. */
  autosuggest: { perAddress: 300, perSession: 150, windowMs: MINUTE },
  /** Trip invitations: each is an e-mail from the organisation to an address the sender chose. */
  tripInvite: { perAddress: 40, perSession: 20, windowMs: 60 * MINUTE },
  /**
   * Card payments and card guarantees, declined ones included: a traveller pays a few bookings
   * and retries a decline or two; a card tester tries dozens of cards, or one card dozens of times.
   */
  cardCharge: { perAddress: 20, perSession: 10, perCard: 6, windowMs: 60 * MINUTE },
  /** Saving a card verifies it at the bank: a person saves one or two. */
  cardSave: { perAddress: 10, perSession: 5, perCard: 3, windowMs: 60 * MINUTE },
  walletTopup: { perAddress: 10, perSession: 5, perCard: 5, windowMs: 60 * MINUTE },
  /** Coupon and cash card look-ups and applications: a person types a code or two; a guesser, hundreds. */
  codeLookup: { perAddress: 30, perSession: 15, windowMs: 10 * MINUTE },
  /** Fingerprints (spec §7 /api/iqps/fqs): a page posts one as it opens checkout or sign-in, and again when the address changes. */
  fingerprint: { perAddress: 60, perSession: 30, windowMs: 10 * MINUTE },
};

/** Holds one visitor (address, or signed-in user) may have active at once. */
export const MAX_ACTIVE_HOLDS = 5;

/**
 * A limit under RATE_LIMIT_SCALE: the shared test servers multiply every limit (many parallel
 * specs from one address); production runs at 1. Never below one.
 */
export function scaledLimit(limit: number, scale: number): number {
  return Math.max(1, Math.floor(limit * scale));
}

/** The fixed window `now` falls in: its index (part of the counter key) and when it ends. */
export function windowOf(now: number, windowMs: number): { index: number; endsAt: number } {
  const index = Math.floor(now / windowMs);
  return { index, endsAt: (index + 1) * windowMs };
}

/** `by`: whose limit was passed, the visitor's (address or session) or the card's. */
export type RateVerdict = { ok: true } | { ok: false; retryAfterSeconds: number; by: 'visitor' | 'card' };

/**
 * Whether a visitor whose counters now read `hits` (this request included) may go on.
 * `session` is null for a visitor without a session (counted by address only); `card` is null
 * when no card is named (or the action has no card limit).
 */
export function rateVerdict(hits: { address: number; session: number | null; card?: number | null }, limit: RateLimit, scale: number, now: number): RateVerdict {
  const visitorOver = hits.address > scaledLimit(limit.perAddress, scale) || (hits.session !== null && hits.session > scaledLimit(limit.perSession, scale));
  const cardOver = limit.perCard !== undefined && hits.card != null && hits.card > scaledLimit(limit.perCard, scale);
  if (!visitorOver && !cardOver) return { ok: true };
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((windowOf(now, limit.windowMs).endsAt - now) / 1000)), by: visitorOver ? 'visitor' : 'card' };
}

/** The counter keys of one check: by address, by session when there is one, by card when one is named and the action limits cards. */
export function counterKeys(action: LimitedAction, visitor: { clientIp: string; sessionKey: string | null; cardKey?: string | null }, windowIndex: number) {
  return {
    address: `${action}:ip:${visitor.clientIp}:${windowIndex}`,
    session: visitor.sessionKey === null ? null : `${action}:session:${visitor.sessionKey}:${windowIndex}`,
    card: visitor.cardKey && RATE_LIMITS[action].perCard !== undefined ? `${action}:card:${visitor.cardKey}:${windowIndex}` : null,
  };
}
