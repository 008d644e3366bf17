// A thin adapter for the checkout services that still take a `Request` while they move to the
// request context (issue 10): each re-reads from the request what the context already holds.
// Delete it when no import of it remains. Nothing new may use it.
import type { OrgConfig } from '#schemas/org-config.schema';
import { getConfigRegistry, hostnameOfHostHeader, orgOfHost, readCookieHeader } from '~/services/config.server';
import { type Locale, resolveLocaleFromCookies } from '~/services/locale.server';
import { type ActiveSession, SESSION_COOKIE, getSessionByToken } from '~/services/session.server';

export function readCookie(request: Request, name: string): string | undefined {
  return readCookieHeader(request.headers.get('cookie') ?? undefined, name);
}

export function resolveOrg(request: Request): OrgConfig {
  const hostname = hostnameOfHostHeader(request.headers.get('host') ?? new URL(request.url).host);
  return orgOfHost(getConfigRegistry(), { hostname, orgIdCookie: readCookie(request, 'orgid') });
}

export async function getSession(request: Request): Promise<ActiveSession | null> {
  const token = readCookie(request, SESSION_COOKIE);
  return token ? getSessionByToken({ token, orgId: resolveOrg(request).orgId }) : null;
}

export function resolveLocale(request: Request, org: OrgConfig, preferred?: { language?: string | null; currency?: string | null }): Locale {
  return resolveLocaleFromCookies((name) => readCookie(request, name), org, preferred);
}
