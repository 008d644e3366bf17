import { type DateFormat, userDateFormat } from '~/domain/date-format';
import { hash, randomBytes } from 'node:crypto';
import { json, redirect } from '@remix-run/node';
import { safeRedirectTarget } from '~/domain/safe-redirect';
import type { SessionUser } from '~/domain/session-user';
import { type Database, getDb } from './db.server';
import { keptUntilChanged } from './kept-until-changed.server';
import { secureCookieAttribute } from './config.server';
import type { RequestContext } from './request-context.server';

export const SESSION_COOKIE = 'userToken';
/** S1: a session ends after 30 minutes without use and 12 hours after sign-in, whichever first. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export function hashToken(secret: string): string {
  // One call, no Hash object: it runs on every signed-in request.
  return hash('sha256', secret, 'hex');
}

/** `dateFormat`: the user's, read with the session (spec §6's date-format lookup, `userDateFormat`). */
export type ActiveSession = { sessionId: string; user: SessionUser; userDbId: number; dateFormat: DateFormat };

function readSession(db: Database, id: string) {
  return db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as imp', 'imp.id', 's.impersonator_id')
    .select([
      's.id as session_id', 's.public_id', 's.created_at', 's.last_seen_at', 's.expires_at',
      'u.id', 'u.public_id as user_public_id', 'u.org_id', 'u.email', 'u.first_name', 'u.last_name', 'u.role',
      'u.is_demo', 'u.is_blocked', 'u.nationality', 'u.preferred_language', 'u.preferred_currency',
      'u.personal_picture', 'u.usr_type', 'u.date_format', 'imp.public_id as impersonator_public_id',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
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
  if (row.is_blocked || row.expires_at.getTime() <= now || row.last_seen_at.getTime() + IDLE_TIMEOUT_MS <= now) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  // Touch at most once a minute: enough for the idle timeout, cheap on every request.
  if (now - row.last_seen_at.getTime() > 60_000) {
    await db.updateTable('sessions').set({ last_seen_at: new Date(now) }).where('id', '=', id).execute();
  }
  return {
    sessionId: id,
    userDbId: row.id,
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

// ---------------------------------------------------------------------------------------
// Creating and ending sessions (S1). The cookie carries a 256-bit random secret; the
// database keeps only its SHA-256, so a leaked table cannot be replayed as cookies.
// ---------------------------------------------------------------------------------------

/** What setting or clearing the session cookie needs of the request. */
export type CookieContext = Pick<RequestContext, 'hostname' | 'cookie'>;

function cookieAttributes(hostname: string, maxAgeSeconds: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secureCookieAttribute(hostname)}`;
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a new session for `userId` and returns the Set-Cookie header (and the cookie's secret,
 * to read the session back with getSessionByToken). Any session the request already carried is
 * deleted first: a new id at every sign-in (rotation).
 */
export async function createSession(
  context: CookieContext,
  { userId, impersonatorId = null }: { userId: number; impersonatorId?: number | null },
): Promise<{ setCookie: string; publicId: string; token: string }> {
  const db = getDb();
  const previous = context.cookie(SESSION_COOKIE);
  if (previous) await db.deleteFrom('sessions').where('id', '=', hashToken(previous)).execute();
  const secret = newSecret();
  const publicId = randomBytes(16).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id: hashToken(secret),
      public_id: publicId,
      user_id: userId,
      impersonator_id: impersonatorId,
      expires_at: new Date(Date.now() + ABSOLUTE_TIMEOUT_MS),
    })
    .execute();
  return {
    setCookie: `${SESSION_COOKIE}=${secret}; ${cookieAttributes(context.hostname, ABSOLUTE_TIMEOUT_MS / 1000)}`,
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

/**
 * The signed-in session, or a redirect that opens the sign-in dialog and comes back here.
 * For /api routes use `requireApiSession`, which answers 401 JSON instead.
 */
export function requireUser(session: ActiveSession | null, requestUrl: string): ActiveSession {
  if (session) return session;
  const url = new URL(requestUrl);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/?login=true&redirectTo=${encodeURIComponent(back)}`);
}

export const SESSION_OUT_URL = '/session-out';

/** The body of an /api call's 401 without a session. */
export const NO_API_SESSION = { status: 401, message: 'You are not signed in, or your session has ended', logout_url: SESSION_OUT_URL } as const;

export function requireApiSession(session: ActiveSession | null): ActiveSession {
  if (session) return session;
  throw json(NO_API_SESSION, { status: 401 });
}
