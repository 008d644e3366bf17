import { addressKeyOf } from '~/services/platform/address-key.server';
import { json } from '@remix-run/node';
import { type LimitedAction, MAX_ACTIVE_HOLDS, scaledLimit } from '~/domain/rate-limits';
import { apiMessage } from '~/i18n/api-messages';
import { type Answering, type RateContext, countActiveHolds, hitRateLimit, rateLimitedMessage, visitorOf } from '~/services/identity/rate-limit.server';
import { getEnv } from '~/services/platform/env.server';
import { log } from '~/services/platform/logger.server';
import { fraudRulesOf } from '~/domain/fraud-risk';
import { screenAttempt } from '~/services/fraud/screening.server';
import type { RequestContext } from '~/services/site/request-context.server';

// The rate limits as HTTP guards (docs/decisions/0019): the counting is the identity wing's
// (~/services/identity/rate-limit.server); answering 429 is here. A hold is also screened for
// fraud here (issue 37), the one guard every hold passes.

/**
 * A 429 answer: JSON `{ status, message, retry_after }` on /api, a plain message otherwise
 * (the page's error boundary shows it). Retry-After in both.
 */
export function tooManyRequests(answering: Answering, message: string, retryAfterSeconds: number): Response {
  const headers = { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' };
  if (answering === 'api') {
    return json({ status: 429, message, retry_after: retryAfterSeconds }, { status: 429, headers });
  }
  return new Response(message, { status: 429, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * Counts the request and throws a 429, in the request's language, when the visitor (or, for a
 * card action, the card named by `cardKey`) is over a limit of `action`.
 */
export async function requireWithinRateLimit(context: RateContext, action: LimitedAction, answering: Answering, cardKey: string | null = null): Promise<void> {
  const verdict = await hitRateLimit(action, { ...visitorOf(context), cardKey });
  if (!verdict.ok) throw tooManyRequests(answering, rateLimitedMessage(action, verdict, context.locale.language), verdict.retryAfterSeconds);
}

/**
 * Before a hold: the visitor is within the hold rate limit and below the active-holds cap
 * (MAX_ACTIVE_HOLDS), else a 429 that says which. The cap is checked, not locked: parallel
 * holds of one visitor may pass it by a few, which the rate limit bounds.
 */
export async function requireHoldAllowed(visitor: RateContext & Pick<RequestContext, 'org' | 'userAgent'>, answering: Answering): Promise<void> {
  await requireWithinRateLimit(visitor, 'hold', answering);
  const max = scaledLimit(MAX_ACTIVE_HOLDS, getEnv().rateLimitScale);
  const active = await countActiveHolds({ orgId: visitor.org.orgId, clientIp: visitor.clientIp, userId: visitor.session?.userDbId ?? null });
  if (active.count >= max) {
    const retryAfter = Math.max(1, Math.ceil(((active.firstExpiry?.getTime() ?? Date.now()) - Date.now()) / 1000));
    log.warn('active holds cap reached', { address: await addressKeyOf(visitor.clientIp), active: active.count });
    throw tooManyRequests(answering, apiMessage(visitor.locale.language, 'limit.activeHolds', { max }), retryAfter);
  }
  // The user-fraud check of a hold (spec §7: userId, ip, action; issue 37).
  const session = visitor.session;
  const screened = await screenAttempt(
    {
      org: visitor.org,
      stage: 'hold',
      userId: session?.userDbId ?? null,
      email: session?.user.email ?? null,
      clientIp: visitor.clientIp,
      userAgent: visitor.userAgent,
      card: null,
      bookingId: null,
      amount: null,
      startsOn: null,
    },
    fraudRulesOf(visitor.org),
  );
  if (screened.action !== 'block') return;
  log.warn('hold refused by the fraud rules', { orgId: visitor.org.orgId, decisionId: screened.decisionId, score: screened.score });
  const message = apiMessage(visitor.locale.language, 'fraud.holdRefused');
  throw answering === 'api'
    ? json({ status: 403, message }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
    : new Response(message, { status: 403, headers: { 'Cache-Control': 'no-store', 'Content-Type': 'text/plain; charset=utf-8' } });
}
