/**
 * S3 sign-in throttling rules, pure so they can be tested without a database.
 * Failures are counted per account key (organisation + normalised e-mail), whether or not
 * the account exists, so the answers do not reveal which e-mails have accounts.
 *
 * The backoff is per account *and client address*; only the high hourly cap counts the
 * account alone. A backoff shared by everyone trying an account let a stranger keep its owner
 * out: a throttled try costs nothing, so retrying the moment each wait ends (a handful of
 * counted guesses an hour, one every 7 to 15 minutes) kept the account waiting for good
 * without ever reaching the cap. Now those guesses only slow the stranger's own address down.
 */
export const MAX_FAILURES_PER_HOUR = 100;
export const FREE_FAILURES = 5;
/** First wait after the fifth failure; it doubles with every further failure. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_CAP_MS = 15 * 60_000;
export const FAILURE_WINDOW_MS = 60 * 60_000;

/** The wait after `failures` consecutive failures: none up to 5, then 30 s, 60 s, … capped at 15 min. */
export function backoffMs(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(BACKOFF_BASE_MS * 2 ** (failures - FREE_FAILURES), BACKOFF_CAP_MS);
}

export type FailureWindow = {
  /** Failures in the last hour. */
  count: number;
  /** The newest and oldest failure in that hour (ms since epoch), when any. */
  newest: number | null;
  oldest: number | null;
};

export type AccountFailures = {
  /** Every failure of the account in the last hour, from any address: only the hourly cap reads it. */
  account: FailureWindow;
  /** The failures of the account from the caller's own address: the backoff reads these. */
  fromClient: FailureWindow;
};

/** Milliseconds the caller must still wait before trying again, or 0 when it may try now. */
export function retryAfterMs({ account, fromClient }: AccountFailures, now: number): number {
  if (account.count >= MAX_FAILURES_PER_HOUR && account.oldest !== null) {
    return Math.max(1_000, account.oldest + FAILURE_WINDOW_MS - now);
  }
  const wait = backoffMs(fromClient.count);
  if (wait === 0 || fromClient.newest === null) return 0;
  return Math.max(0, fromClient.newest + wait - now);
}

/** Sign-up and reset e-mails one address may be sent in an hour (S3: those forms are throttled too). */
export const MAIL_REQUESTS_PER_HOUR = 5;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function accountKey(orgId: string, email: string): string {
  return `${orgId}:${normalizeEmail(email)}`;
}
