import { addressKeyOf } from '../platform/address-key.server';
import { createHash, randomBytes } from 'node:crypto';
import { type Transaction, sql } from 'kysely';
import type { OrgConfig } from '#schemas/org-config.schema';
import { accountKey, FAILURE_WINDOW_MS, MAIL_REQUESTS_PER_HOUR, normalizeEmail, retryAfterMs } from '~/domain/login-throttle';
import { format, type MessageKey, messagesFor } from '~/i18n';
import { publicOriginOf } from '../config/config.server';
import { getDb } from '../platform/db.server';
import type { RequestContext } from '../site/request-context.server';
import type { DB, TokenPurpose } from '../platform/db-schema';
import type { ActiveSession } from './session.server';
import { mayImpersonate } from '~/domain/session-verdict';
import { parseEmailAddress } from '~/domain/email-address';
import { mailLanguage, queueEmail, renderEmail } from '../platform/mail.server';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, hashPassword, verifyAgainstDummy, verifyPassword } from './password.server';
import { screenAttempt } from '../fraud/screening.server';
import { fraudRulesOf } from '~/domain/fraud-risk';
import { log } from '../platform/logger.server';

/** Answers of the JSON API (English, like the rest of the API); the HTML forms use i18n keys. */
export const MESSAGES = {
  invalidCredentials: 'The e-mail or password is incorrect.',
  blocked: 'This account has been blocked. Please contact support if you think this is a mistake.',
  refused: 'We could not sign you in from here. Please contact support.',
  social: 'Sign-in with Google or Facebook is not available on this site',
  impersonationFailed: 'This sign-in link is invalid or has expired',
} as const;

export function throttledMessage(retryAfterSeconds: number): string {
  return `Too many failed sign-in attempts. Please wait ${retryAfterSeconds} seconds before trying again.`;
}

const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  impersonation: 2 * 60_000,
  signup: 24 * 60 * 60_000,
  password_reset: 60 * 60_000,
};

function hashOneTimeToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A 256-bit single-use token; only its hash is stored. */
async function issueToken(args: { purpose: TokenPurpose; orgId: string; userId?: number | null; issuedBy?: number | null; payload?: Record<string, unknown> }) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_TTL_MS[args.purpose]);
  await getDb()
    .insertInto('one_time_tokens')
    .values({
      token_hash: hashOneTimeToken(token),
      purpose: args.purpose,
      org_id: args.orgId,
      user_id: args.userId ?? null,
      issued_by: args.issuedBy ?? null,
      payload: args.payload ? JSON.stringify(args.payload) : null,
      expires_at: expiresAt,
    })
    .execute();
  return { token, expiresAt };
}

/**
 * Marks a token used and returns its row, in one statement: two concurrent uses cannot
 * both succeed, and an expired or used token returns nothing.
 */
async function consumeToken(purpose: TokenPurpose, orgId: string, token: string) {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
  return getDb()
    .updateTable('one_time_tokens')
    .set({ used_at: sql<Date>`now()` })
    .where('token_hash', '=', hashOneTimeToken(token))
    .where('purpose', '=', purpose)
    .where('org_id', '=', orgId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['user_id', 'issued_by', 'payload'])
    .executeTakeFirst();
}

/** Reads a token without using it (to decide whether to show the form). */
export async function isTokenUsable(purpose: TokenPurpose, orgId: string, token: string | null): Promise<boolean> {
  if (!token || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const row = await getDb()
    .selectFrom('one_time_tokens')
    .select('token_hash')
    .where('token_hash', '=', hashOneTimeToken(token))
    .where('purpose', '=', purpose)
    .where('org_id', '=', orgId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------
// Password sign-in with throttling (S3)
// ---------------------------------------------------------------------------------------

/** `refused`: the organisation's fraud rules block this sign-in (the account itself is not blocked). */
export type LoginResult = { kind: 'ok'; userId: number } | { kind: 'invalid' } | { kind: 'blocked' } | { kind: 'refused' } | { kind: 'throttled'; retryAfterSeconds: number };

async function throttleWait(db: Transaction<DB>, key: string, address: string): Promise<number> {
  const row = await db
    .selectFrom('auth_failures')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('failed_at').as('oldest'),
      sql<number>`count(*) filter (where client_ip = ${address})`.as('client_count'),
      sql<Date | string | null>`max(failed_at) filter (where client_ip = ${address})`.as('client_newest'),
    ])
    .where('account_key', '=', key)
    .where('failed_at', '>', new Date(Date.now() - FAILURE_WINDOW_MS))
    .executeTakeFirst();
  const time = (value: Date | string | null | undefined) => (value ? new Date(value).getTime() : null);
  return retryAfterMs(
    {
      // The account's newest failure is not needed: only the address's own starts a backoff.
      account: { count: Number(row?.count ?? 0), newest: null, oldest: time(row?.oldest) },
      fromClient: { count: Number(row?.client_count ?? 0), newest: time(row?.client_newest), oldest: null },
    },
    Date.now(),
  );
}

/**
 * Either says how long this address must wait before trying the account again, or records
 * this attempt as a failure up front (removed again if the password is right). Under a
 * per-key advisory lock, so a burst of parallel guesses cannot all pass the check before any
 * of them is counted.
 */
async function reserveAttempt(key: string, address: string): Promise<number> {
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      const wait = await throttleWait(trx, key, address);
      if (wait > 0) return wait;
      await trx.insertInto('auth_failures').values({ account_key: key, client_ip: address }).execute();
      // Old rows no longer count; drop them so the table stays small (purgeAuthFailures does the rest).
      await trx
        .deleteFrom('auth_failures')
        .where('account_key', '=', key)
        .where('failed_at', '<', new Date(Date.now() - FAILURE_WINDOW_MS))
        .execute();
      return 0;
    });
}

/**
 * Checks an e-mail and password. Unknown e-mails cost the same hash and count failures the
 * same way as known ones, so neither the answer nor its timing says whether an account exists.
 * A throttled attempt answers at once without hashing. `clientIp` is the caller's address:
 * the backoff is per account and address (login-throttle.ts says why), kept as its keyed hash.
 * A right password is then screened (spec §7 user-fraud check, issue 37) and may be refused.
 */
export async function attemptPasswordLogin(org: OrgConfig, email: string, password: string, clientIp: string, userAgent: string | null = null): Promise<LoginResult> {
  const key = accountKey(org.orgId, email);
  const address = await addressKeyOf(clientIp);
  const wait = await reserveAttempt(key, address);
  if (wait > 0) return { kind: 'throttled', retryAfterSeconds: Math.ceil(wait / 1000) };

  const user = await getDb()
    .selectFrom('users')
    .select(['id', 'password_hash', 'is_blocked'])
    .where('org_id', '=', org.orgId)
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
  const ok = user?.password_hash && password.length <= PASSWORD_MAX_LENGTH ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
  // A failure stays counted (it was recorded by reserveAttempt).
  if (!user || !ok) return { kind: 'invalid' };
  // The owner's own failures are forgiven; a stranger's stay counted towards the hourly cap.
  await getDb().deleteFrom('auth_failures').where('account_key', '=', key).where('client_ip', '=', address).execute();
  if (user.is_blocked) return { kind: 'blocked' };
  const screened = await screenAttempt(
    { org, stage: 'sign_in', userId: user.id, email, clientIp, userAgent, card: null, bookingId: null, amount: null, startsOn: null },
    fraudRulesOf(org),
  );
  if (screened.action === 'block') {
    log.warn('sign-in refused by the fraud rules', { orgId: org.orgId, decisionId: screened.decisionId, score: screened.score });
    return { kind: 'refused' };
  }
  return { kind: 'ok', userId: user.id };
}

/** Drops sign-in failures and mail requests older than the hour they count in (every key, also those never tried again). */
export async function purgeAuthFailures(): Promise<number> {
  const result = await getDb()
    .deleteFrom('auth_failures')
    .where('failed_at', '<', new Date(Date.now() - FAILURE_WINDOW_MS))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// ---------------------------------------------------------------------------------------
// Impersonation (spec §4)
// ---------------------------------------------------------------------------------------

export type IssueResult = { kind: 'ok'; key: string; expiresAt: Date } | { kind: 'error'; status: 403 | 404; message: string };

/**
 * Agents may sign in as members of their organisation; admins as anyone but admins
 * (`mayImpersonate`). Only from a session of their own: a session opened by impersonation cannot
 * open further ones. The key carries the issuing session's end, which the session it opens never
 * outlives.
 */
export async function issueImpersonationKey(issuer: { session: ActiveSession; orgId: string }, targetPublicId: string): Promise<IssueResult> {
  const { role } = issuer.session.user;
  if (role !== 'agent' && role !== 'admin') {
    return { kind: 'error', status: 403, message: 'Only agents and administrators can sign in as another user' };
  }
  if (issuer.session.impersonatorDbId !== null) {
    return { kind: 'error', status: 403, message: 'A session opened as another user cannot open further ones: sign in as yourself first' };
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const target = uuid.test(targetPublicId)
    ? await getDb().selectFrom('users').select(['id', 'role', 'is_blocked']).where('public_id', '=', targetPublicId).where('org_id', '=', issuer.orgId).executeTakeFirst()
    : undefined;
  if (!target) return { kind: 'error', status: 404, message: 'No such user in this organisation' };
  if (target.id === issuer.session.userDbId) return { kind: 'error', status: 403, message: 'You cannot sign in as yourself' };
  if (target.role === 'admin') return { kind: 'error', status: 403, message: 'Nobody can sign in as an administrator' };
  if (!mayImpersonate(role, target.role)) return { kind: 'error', status: 403, message: 'Agents can sign in only as members' };
  if (target.is_blocked) return { kind: 'error', status: 403, message: 'This account is blocked' };
  const { token, expiresAt } = await issueToken({
    purpose: 'impersonation',
    orgId: issuer.orgId,
    userId: target.id,
    issuedBy: issuer.session.userDbId,
    payload: { authorExpiresAt: issuer.session.expiresAt.toISOString() },
  });
  return { kind: 'ok', key: token, expiresAt };
}

/**
 * Uses an impersonation key once; returns the target and the impersonation (its author and the
 * end of the author's session), or null. Refused too when the author may no longer sign in as
 * the target (blocked, or the role gone) since the key was made.
 */
export async function consumeImpersonationKey(org: OrgConfig, key: string) {
  const row = await consumeToken('impersonation', org.orgId, key);
  if (!row?.user_id || !row.issued_by) return null;
  const users = await getDb().selectFrom('users').select(['id', 'role', 'is_blocked']).where('id', 'in', [row.user_id, row.issued_by]).execute();
  const target = users.find((user) => user.id === row.user_id);
  const author = users.find((user) => user.id === row.issued_by);
  if (!target || !author || target.is_blocked || author.is_blocked || !mayImpersonate(author.role, target.role)) return null;
  const authorExpiresAt = typeof row.payload?.authorExpiresAt === 'string' ? new Date(row.payload.authorExpiresAt) : null;
  if (!authorExpiresAt || Number.isNaN(authorExpiresAt.getTime())) return null;
  return { userId: target.id, impersonation: { authorId: author.id, authorExpiresAt } };
}

// ---------------------------------------------------------------------------------------
// Sign-up and password reset: the same answer whether or not the e-mail has an account.
// ---------------------------------------------------------------------------------------

/** `language`: the page's, which the new account keeps as its preference (mails included). */
export type SignupInput = { email: string; firstName: string; lastName: string; password: string; language: string; invitation?: Record<string, string> };

/** S4: 8 to 256 characters, nothing else (passphrases and paste welcome). Returns a message key. */
export function passwordProblem(password: string): 'auth.error.passwordShort' | 'auth.error.passwordLong' | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'auth.error.passwordShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'auth.error.passwordLong';
  return null;
}

/** The address typed in a sign-up or reset form as the platform keeps it (`parseEmailAddress`), or why not. */
export function readEmailAddress(typed: string): { address: string } | { problem: 'auth.error.email' | 'auth.error.emailLookalike' } {
  const parsed = parseEmailAddress(typed);
  if (parsed.ok) return { address: parsed.address };
  return { problem: parsed.reason === 'lookalike' ? 'auth.error.emailLookalike' : 'auth.error.email' };
}

/**
 * Counts a sign-up or reset request for an address and says whether it may be mailed: at most
 * MAIL_REQUESTS_PER_HOUR an hour, counted the same whether or not the address has an account,
 * so the forms cannot be used to flood a mailbox and a refusal reveals nothing.
 */
export async function reserveMailRequest(kind: 'signup' | 'reset', org: OrgConfig, email: string): Promise<boolean> {
  const key = `${kind}:${accountKey(org.orgId, email)}`;
  return getDb()
    .transaction()
    .execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(trx);
      const since = new Date(Date.now() - FAILURE_WINDOW_MS);
      await trx.deleteFrom('auth_failures').where('account_key', '=', key).where('failed_at', '<', since).execute();
      const row = await trx
        .selectFrom('auth_failures')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('account_key', '=', key)
        .executeTakeFirst();
      if (Number(row?.count ?? 0) >= MAIL_REQUESTS_PER_HOUR) return false;
      await trx.insertInto('auth_failures').values({ account_key: key }).execute();
      return true;
    });
}

/**
 * Mails a verification link (new e-mail) or a "you already have an account" note. Links start
 * with the organisation's public origin, never the request's Host (docs/decisions/0015).
 */
export async function requestSignup(org: OrgConfig, input: SignupInput) {
  const origin = publicOriginOf(org);
  const email = input.email.trim();
  const existing = await getDb()
    .selectFrom('users')
    .select(['id', 'preferred_language'])
    .where('org_id', '=', org.orgId)
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
  // Hash in both cases so the answer takes the same time.
  const passwordHash = await hashPassword(input.password);
  if (existing) {
    const mail = renderEmail('signupExisting', mailLanguage(org, existing.preferred_language), {
      orgName: org.name,
      signInLink: `${origin}/?login=true`,
      resetLink: `${origin}/?forgot=true`,
    });
    await queueEmail({ orgId: org.orgId, to: email, ...mail });
    return;
  }
  const { token } = await issueToken({
    purpose: 'signup',
    orgId: org.orgId,
    payload: { email, firstName: input.firstName, lastName: input.lastName, passwordHash, language: mailLanguage(org, input.language), invitation: input.invitation ?? null },
  });
  const mail = renderEmail('signupVerify', mailLanguage(org, input.language), { orgName: org.name, firstName: input.firstName, link: `${origin}/auth/verify?token=${token}` });
  await queueEmail({ orgId: org.orgId, to: email, ...mail });
}

/**
 * Creates the account of a sign-up link, with the trip invitation it was made from (if any);
 * null when the link is unusable or the e-mail was taken meanwhile.
 */
export async function completeSignup(org: OrgConfig, token: string): Promise<{ userId: number; invitation: { tripId: string; accessCode: string } | null } | null> {
  const row = await consumeToken('signup', org.orgId, token);
  const p = row?.payload;
  if (!p || typeof p.email !== 'string' || typeof p.passwordHash !== 'string') return null;
  const created = await getDb()
    .insertInto('users')
    .values({
      org_id: org.orgId,
      email: p.email,
      email_normalized: normalizeEmail(p.email),
      password_hash: p.passwordHash,
      first_name: typeof p.firstName === 'string' ? p.firstName : '',
      last_name: typeof p.lastName === 'string' ? p.lastName : '',
      role: 'member',
      preferred_language: mailLanguage(org, typeof p.language === 'string' ? p.language : null),
      preferred_currency: org.locale.defaultCurrency,
    })
    .onConflict((oc) => oc.constraint('users_org_email_unique').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) return null;
  const invitation = p.invitation as Record<string, unknown> | null | undefined;
  const tripId = invitation?.tripid;
  const accessCode = invitation?.accesscode;
  return { userId: created.id, invitation: typeof tripId === 'string' && typeof accessCode === 'string' && tripId && accessCode ? { tripId, accessCode } : null };
}

/** Mails a reset link, to the organisation's own origin, when the e-mail names a usable account. */
export async function requestPasswordReset(org: OrgConfig, email: string) {
  const origin = publicOriginOf(org);
  const user = await getDb()
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'is_blocked', 'preferred_language'])
    .where('org_id', '=', org.orgId)
    .where('email_normalized', '=', normalizeEmail(email))
    .executeTakeFirst();
  if (!user || user.is_blocked) return;
  const { token } = await issueToken({ purpose: 'password_reset', orgId: org.orgId, userId: user.id });
  const mail = renderEmail('passwordReset', mailLanguage(org, user.preferred_language), {
    orgName: org.name,
    firstName: user.first_name,
    link: `${origin}/auth/reset?token=${token}`,
  });
  await queueEmail({ orgId: org.orgId, to: user.email, ...mail });
}

/** Sets a new password from a reset link and ends every session of that user. */
export async function resetPassword(org: OrgConfig, token: string, password: string): Promise<number | null> {
  const row = await consumeToken('password_reset', org.orgId, token);
  if (!row?.user_id) return null;
  const passwordHash = await hashPassword(password);
  const db = getDb();
  const user = await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', row.user_id).returning(['id', 'email']).executeTakeFirst();
  if (!user) return null;
  await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  await db.deleteFrom('auth_failures').where('account_key', '=', accountKey(org.orgId, user.email)).execute();
  return user.id;
}

/** The visitor's UI strings, for messages the HTML form routes show (the JSON API stays English). */
export function requestMessages({ org, locale: { language } }: Pick<RequestContext, 'org' | 'locale'>) {
  const messages = messagesFor(language, org.copy?.[language]);
  return (key: MessageKey, values?: Record<string, string | number>) => (values ? format(messages[key], values, language) : messages[key]);
}
