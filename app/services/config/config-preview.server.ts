// Preview is the real site (docs/decisions/0063): an admin previewing a draft gets a cookie whose
// token is signed with their own session's secret (so it works on every instance, dies with the
// session and cannot be made without it) and expires; each request carrying it, in that session,
// by someone who may still read the configuration, is rendered from the draft through the real
// routes. Its answers are never cached (server/http.ts).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OrgConfig } from '#schemas/org-config.schema';
import { configAllows } from '~/domain/config-access';
import { getDb } from '../platform/db.server';
import { configRoleOf } from './config-access.server';
import { registryOf } from './config.server';
import { bundleOf, checkAsPublished, versionOf } from './config-store.server';

export const PREVIEW_COOKIE = 'cfg_preview';
export const PREVIEW_TTL_MS = 30 * 60_000;

const sign = (sessionToken: string, text: string) => createHmac('sha256', sessionToken).update(`config-preview:${text}`).digest('base64url');

/** The cookie value previewing `versionId` of `orgId` in the session whose secret is `sessionToken`, until `expiresAt` (ms). */
export function previewToken(sessionToken: string, orgId: string, versionId: number, expiresAt: number): string {
  const text = `${orgId}.${versionId}.${expiresAt}`;
  return `${versionId}.${expiresAt}.${sign(sessionToken, text)}`;
}

/** The version a preview cookie names, when it was made in this session for this organisation and has not expired. */
export function readPreviewToken(value: string | undefined, sessionToken: string, orgId: string, now = Date.now()): number | null {
  const match = /^(\d{1,10})\.(\d{1,15})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const [, version, expires, signature] = match;
  if (Number(expires) < now) return null;
  const expected = Buffer.from(sign(sessionToken, `${orgId}.${version}.${expires}`));
  const given = Buffer.from(signature!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? Number(version) : null;
}

/** Drafts as organisation objects, checked once each (a version never changes). */
const previews = new Map<number, Promise<OrgConfig | null>>();
const MAX_PREVIEWS = 20;

/**
 * The organisation as version `versionId` of `orgId` would serve it, beside the others' published
 * configurations; null when it is not this organisation's or the validator refuses it (the console
 * says why: an invalid draft is not previewed).
 */
export function previewOrg(orgId: string, versionId: number): Promise<OrgConfig | null> {
  let entry = previews.get(versionId);
  if (!entry) {
    if (previews.size >= MAX_PREVIEWS) previews.delete(previews.keys().next().value!);
    entry = (async () => {
      const db = getDb();
      const version = await versionOf(db, orgId, versionId);
      if (!version) return null;
      const { checked } = await checkAsPublished(db, orgId, bundleOf(version));
      if (!checked) return null;
      return registryOf(checked, new Map([[orgId, versionId]])).orgs.find((org) => org.orgId === orgId) ?? null;
    })();
    previews.set(versionId, entry);
    entry.catch(() => previews.delete(versionId));
  }
  return entry;
}

/** The draft a request renders instead of the published configuration, if its preview cookie holds. */
export async function previewOfRequest(input: {
  org: OrgConfig;
  userDbId: number;
  sessionToken: string;
  cookie: string | undefined;
}): Promise<{ org: OrgConfig; versionId: number } | null> {
  const versionId = readPreviewToken(input.cookie, input.sessionToken, input.org.orgId);
  if (versionId === null) return null;
  if (!configAllows(await configRoleOf(getDb(), input.userDbId, input.org.orgId), 'read')) return null;
  const org = await previewOrg(input.org.orgId, versionId);
  return org && { org, versionId };
}
