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
