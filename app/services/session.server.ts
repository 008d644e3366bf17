import { createHash } from 'node:crypto';
import type { SessionUser } from '~/domain/session-user';
import { getDb } from './db.server';
import { readCookie, resolveOrg } from './config.server';

export const SESSION_COOKIE = 'userToken';
/** S1: a session ends after 30 minutes without use and 12 hours after sign-in, whichever first. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;

export function hashToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export type ActiveSession = { sessionId: string; user: SessionUser; userDbId: number };

/**
 * Reads the session of a request. Expired, idle or blocked sessions are deleted and read as
 * anonymous, so a blocked user is signed out on their next request.
 */
export async function getSession(request: Request): Promise<ActiveSession | null> {
  const secret = readCookie(request, SESSION_COOKIE);
  if (!secret || secret.length < 32 || secret.length > 128) return null;
  const db = getDb();
  const id = hashToken(secret);
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('users as imp', 'imp.id', 's.impersonator_id')
    .select([
      's.id as session_id', 's.public_id', 's.created_at', 's.last_seen_at', 's.expires_at',
      'u.id', 'u.public_id as user_public_id', 'u.org_id', 'u.email', 'u.first_name', 'u.last_name', 'u.role',
      'u.is_demo', 'u.is_blocked', 'u.nationality', 'u.preferred_language', 'u.preferred_currency',
      'u.personal_picture', 'imp.public_id as impersonator_public_id',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
  // A session belongs to one organisation; on another org's site it reads as anonymous.
  if (!row || row.org_id !== resolveOrg(request).orgId) return null;
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
