/**
 * The signals of a fraud screening (issue 37) that are read from the request itself rather than
 * counted in the database: a throw-away e-mail address, an automated browser, whether the
 * visitor's country is one the organisation sells to. Pure, so the screening's tests and the
 * corpus use the same rules as the server.
 */

/** Domains of well-known throw-away mailboxes (a short list: what card testers use most). */
const DISPOSABLE_EMAIL_DOMAINS = new Set([
  '10minutemail.com',
  'dispostable.com',
  'getnada.com',
  'guerrillamail.com',
  'mailinator.com',
  'maildrop.cc',
  'sharklasers.com',
  'temp-mail.org',
  'tempmail.com',
  'trashmail.com',
  'yopmail.com',
]);

export function isDisposableEmail(email: string | null): boolean {
  const domain = email?.split('@').pop()?.trim().toLowerCase();
  return domain !== undefined && DISPOSABLE_EMAIL_DOMAINS.has(domain);
}

/** Headless browsers, scripts and crawlers name themselves; an absent agent is unknown, not a bot. */
const AUTOMATED_AGENT = /headless|phantomjs|selenium|puppeteer|playwright|python-requests|curl\/|wget\/|go-http-client|\bbot\b|crawler|spider/i;

export function looksAutomated(userAgent: string | null): boolean {
  return userAgent !== null && AUTOMATED_AGENT.test(userAgent);
}

/**
 * Whether a visitor's country is one the organisation sells to: the country's currency is one it
 * offers. Null when the country, or its currency, is unknown.
 */
export function inMarketOf(countryCurrency: string | undefined, offeredCurrencies: readonly string[]): boolean | null {
  return countryCurrency === undefined ? null : offeredCurrencies.includes(countryCurrency);
}

/** Hours from `now` to the start of the booked day ('YYYY-MM-DD', UTC); null without a day. Negative once it has begun. */
export function leadTimeHours(startsOn: string | null, now: Date): number | null {
  const starts = startsOn === null ? Number.NaN : Date.parse(`${startsOn}T00:00:00Z`);
  return Number.isNaN(starts) ? null : Math.floor((starts - now.getTime()) / 3_600_000);
}

/**
 * Device data as Braintree's data collector gives it (and the sandbox card frame imitates): a JSON
 * object naming the device session (`{"device_session_id":"…","correlation_id":"…"}`), at most
 * 4 KB. Anything else counts as none.
 */
export function isDeviceData(raw: string | null | undefined): boolean {
  if (typeof raw !== 'string' || raw.length > 4096) return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return false;
    const session = (parsed as { device_session_id?: unknown }).device_session_id;
    return typeof session === 'string' && /^[A-Za-z0-9-]{8,128}$/.test(session);
  } catch {
    return false;
  }
}
