import { type DateFormat, userDateFormat } from '~/domain/date-format';
import { hash, randomBytes } from 'node:crypto';
import { safeRedirectTarget } from '~/domain/safe-redirect';
import type { SessionUser } from '~/domain/session-user';
import { type Database, getDb } from '../platform/db.server';
import { keptUntilChanged } from '../platform/kept-until-changed.server';
import { addressKeyOf } from '../platform/address-key.server';
import { secureCookieAttribute } from '../config/config.server';
import type { RequestContext } from '../site/request-context.server';
import { sessionExpiry, sessionVerdict } from '~/domain/session-verdict';

export const SESSION_COOKIE = 'userToken';

export function hashToken(secret: string): string {
  // One call, no Hash object: it runs on every signed-in request.
  return hash('sha256', secret, 'hex');
}

/**
 * `dateFormat`: the user's, read with the session (spec §6's date-format lookup, `userDateFormat`).
 * `impersonatorDbId`: who really acts in a session opened by impersonation (its author), else null.
 * `minCheckinDays`: the user's own minimum check-in lead days (spec §4), else null (the organisation's).
 * `eventSeq`: the number of the user's last user event (the page's fraud channel follows on from it).
 * `addressKey`: the keyed hash of the address the session was last used from (a change asks for a new fingerprint).
 */
export type ActiveSession = {
  sessionId: string;
  user: SessionUser;
  userDbId: number;
  dateFormat: DateFormat;
  impersonatorDbId: number | null;
  expiresAt: Date;
  minCheckinDays: number | null;
  eventSeq: number;
  addressKey: string | null;
};

function sessionsQuery(db: Database) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as imp', 'imp.id', 's.impersonator_id')
    .select([
      's.id as session_id',
      's.public_id',
      's.created_at',
      's.last_seen_at',
      's.expires_at',
      's.address_key',
      'u.id',
      'u.public_id as user_public_id',
      'u.org_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.role',
      'u.is_demo',
      'u.is_blocked',
      'u.nationality',
      'u.preferred_language',
      'u.preferred_currency',
      'u.personal_picture',
      'u.usr_type',
      'u.date_format',
      'u.min_checkin_days',
      'u.event_seq',
      'imp.id as impersonator_id',
      'imp.public_id as impersonator_public_id',
      'imp.role as impersonator_role',
      'imp.is_blocked as impersonator_is_blocked',
    ]);
}

const readSession = (db: Database, id: string) => sessionsQuery(db).where('s.id', '=', id).executeTakeFirst();
type SessionRow = NonNullable<Awaited<ReturnType<typeof readSession>>>;

function verdictOf(row: SessionRow, now: number) {
  const author = row.impersonator_role === null ? null : { role: row.impersonator_role, isBlocked: row.impersonator_is_blocked === true };
  return sessionVerdict({ expiresAt: row.expires_at, lastSeenAt: row.last_seen_at, user: { role: row.role, isBlocked: row.is_blocked }, author }, now);
}

/**
 * Whether each of these sessions (by id, the secret's hash) still stands, in one read, without
 * touching them: an open socket's check must not keep its session from idling out. A session
 * that is gone is 'ended'.
 */
export async function sessionVerdicts(ids: readonly string[], db: Database = getDb()): Promise<Map<string, 'live' | 'ended' | 'blocked'>> {
  const now = Date.now();
  const rows =
    ids.length === 0
      ? []
      : await sessionsQuery(db)
          .where('s.id', 'in', [...ids])
          .execute();
  const verdicts = new Map(ids.map((id) => [id, 'ended' as const] as [string, 'live' | 'ended' | 'blocked']));
  for (const row of rows) verdicts.set(row.session_id, verdictOf(row, now));
  return verdicts;
}

/**
 * Sessions as read, kept until any statement on sessions or users (migration
 * 0028_change_notices): a sign-out, a block or a profile change reads again on the next request.
 * Unknown secrets are kept too, among at most MAX_KEPT_SESSIONS.
 */
const MAX_KEPT_SESSIONS = 10_000;
const keptSessions = keptUntilChanged<Awaited<ReturnType<typeof readSession>>>('sessions', ['sessions'], MAX_KEPT_SESSIONS);

/**
 * The session a cookie secret opens on `orgId`'s site (the request context reads it once per
 * request; the graphql-ws handshake too). Expired, idle or blocked sessions are deleted and
 * read as anonymous, so a blocked user is signed out on their next request.
 */
export async function getSessionByToken({ token: secret, orgId }: { token: string; orgId: string }): Promise<ActiveSession | null> {
  if (secret.length < 32 || secret.length > 128) return null;
  const db = getDb();
  const id = hashToken(secret);
  const row = await keptSessions.get(id, () => readSession(db, id));
  // A session belongs to one organisation; on another org's site it reads as anonymous.
  if (!row || row.org_id !== orgId) return null;
  const now = Date.now();
  if (verdictOf(row, now) !== 'live') {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  // Touch at most once a minute: enough for the idle timeout, cheap on every request.
  if (now - row.last_seen_at.getTime() > 60_000) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(now) })
      .where('id', '=', id)
      .execute();
  }
  return {
    sessionId: id,
    userDbId: row.id,
    impersonatorDbId: row.impersonator_id,
    expiresAt: row.expires_at,
    minCheckinDays: row.min_checkin_days,
    eventSeq: row.event_seq,
    addressKey: row.address_key,
    dateFormat: userDateFormat({ usrType: row.usr_type, stored: row.date_format }),
    user: {
      userName: `${row.first_name} ${row.last_name}`.trim(),
      userToken: row.public_id,
      personalPicture: row.personal_picture,
      email: row.email,
      currency_code: row.preferred_currency ?? '',
      language: row.preferred_language ?? '',
      nationality: row.nationality,
      userId: row.user_public_id,
      role: row.role,
      first_name: row.first_name,
      last_name: row.last_name,
      auth: { api_token: row.public_id },
      is_demo: row.is_demo,
      can_book: !row.is_demo,
      impersonated_by: row.impersonator_public_id,
      org_id: row.org_id,
    },
  };
}

/**
 * Writes down a state-changing request made in a session opened by impersonation: who really
 * acted (the author), as whom, what (method, path, status) and when (decision 0049).
 */
export async function recordImpersonatedRequest(
  session: ActiveSession & { impersonatorDbId: number },
  request: { method: string; path: string; status: number; correlationId: string },
  db: Database = getDb(),
): Promise<void> {
  await db
    .insertInto('impersonated_requests')
    .values({
      org_id: session.user.org_id,
      actor_user_id: session.impersonatorDbId,
      as_user_id: session.userDbId,
      method: request.method,
      path: request.path.slice(0, 500),
      status: request.status,
      correlation_id: request.correlationId,
    })
    .execute();
}

// ---------------------------------------------------------------------------------------
// Creating and ending sessions (S1). The cookie carries a 256-bit random secret; the
// database keeps only its SHA-256, so a leaked table cannot be replayed as cookies.
// ---------------------------------------------------------------------------------------

/** What setting or clearing the session cookie needs of the request. */
export type CookieContext = Pick<RequestContext, 'hostname' | 'cookie'> & Partial<Pick<RequestContext, 'clientIp'>>;

function cookieAttributes(hostname: string, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secureCookieAttribute(hostname)}`;
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a new session for `userId` and returns the Set-Cookie header (and the cookie's secret,
 * to read the session back with getSessionByToken). Any session the request already carried is
 * deleted first: a new id at every sign-in (rotation). A session opened by impersonation names
 * its author and ends no later than the author's own session did when it made the key.
 */
export async function createSession(
  context: CookieContext,
  { userId, impersonation = null }: { userId: number; impersonation?: { authorId: number; authorExpiresAt: Date } | null },
): Promise<{ setCookie: string; publicId: string; token: string }> {
  const db = getDb();
  const previous = context.cookie(SESSION_COOKIE);
  if (previous) await db.deleteFrom('sessions').where('id', '=', hashToken(previous)).execute();
  const secret = newSecret();
  const publicId = randomBytes(16).toString('base64url');
  const now = Date.now();
  const expiresAt = sessionExpiry(now, impersonation?.authorExpiresAt ?? null);
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(secret),
      public_id: publicId,
      user_id: userId,
      impersonator_id: impersonation?.authorId ?? null,
      expires_at: expiresAt,
      address_key: context.clientIp ? await addressKeyOf(context.clientIp, db) : null,
    })
    .execute();
  return {
    setCookie: `${SESSION_COOKIE}=${secret}; ${cookieAttributes(context.hostname, Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)))}`,
    publicId,
    token: secret,
  };
}

/** Ends the request's session server-side and returns the Set-Cookie header that clears it. */
export async function destroySession(context: CookieContext): Promise<string> {
  const secret = context.cookie(SESSION_COOKIE);
  if (secret) await getDb().deleteFrom('sessions').where('id', '=', hashToken(secret)).execute();
  return clearSessionCookie(context.hostname);
}

export function clearSessionCookie(hostname: string): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(hostname, 0)}`;
}

/** A same-site path to return to after sign-in; anything else falls back to `/`. */
export function safeRedirectPath(to: FormDataEntryValue | string | null | undefined, fallback = '/'): string {
  return safeRedirectTarget(to, fallback);
}

export const SESSION_OUT_URL = '/session-out';

/** The body of an /api call's 401 without a session. */
export const NO_API_SESSION = { status: 401, message: 'You are not signed in, or your session has ended', logout_url: SESSION_OUT_URL } as const;
