// What every loader and action knows about its request, resolved once by the server before
// Remix runs (docs/decisions/0024): the organisation, the session and its user, the locale,
// the price type and the correlation id. Services take the parts they need as typed arguments;
// none reads them again from a `Request`.
import type { OrgConfig } from '#schemas/org-config.schema';
import { priceTypeFor } from '~/domain/room-price';
import type { SessionUser } from '~/domain/session-user';
import { cookiesOfHeader, getConfigRegistry, orgOfHost } from '../config/config.server';
import { countryOfAddress } from './ip-country.server';
import { checkSessionAddress } from '../fraud/fingerprints.server';
import { getDb } from '../platform/db.server';
import { type Locale, resolveLocaleFromCookies } from './locale.server';
import { type ActiveSession, SESSION_COOKIE, getSessionByToken } from '../identity/session.server';
import { PREVIEW_COOKIE, previewOfRequest } from '../config/config-preview.server';

export type PriceView = 'B2B' | 'B2C';

export type RequestContext = {
  org: OrgConfig;
  session: ActiveSession | null;
  user: SessionUser | null;
  locale: Locale;
  /** Which prices this visitor sees: agents and business organisations B2B, everyone else B2C. */
  priceType: PriceView;
  correlationId: string;
  /** The visitor's address: the socket's, or a trusted proxy's X-Forwarded-For (TRUST_PROXY). */
  clientIp: string;
  /** The address's country (offline look-up), or null: private, IPv6, unknown. */
  country: string | null;
  /** The host name the request came to (no port), as organisations claim it in `hosts`. */
  hostname: string;
  /** One cookie of the request, decoded. */
  cookie: (name: string) => string | undefined;
  /** The draft version an admin previews in this request (its answers are never cached), else null. */
  preview: { versionId: number } | null;
  /** The User-Agent header, for the fraud screening's automated-browser signal; null when absent. */
  userAgent: string | null;
};

/** What the server knows of a request before anything is resolved. */
export type RequestFacts = { hostname: string; cookieHeader: string | undefined; correlationId: string; clientIp: string; userAgent?: string | null };

/** The request's context: the organisation is resolved here and nowhere else on the request's path. */
export async function resolveRequestContext(facts: RequestFacts): Promise<RequestContext> {
  const cookie = cookieReader(facts.cookieHeader);
  const published = orgOfHost(getConfigRegistry(), { hostname: facts.hostname, orgIdCookie: cookie('orgid') });
  const token = cookie(SESSION_COOKIE);
  const session = token ? await getSessionByToken({ token, orgId: published.orgId }) : null;
  if (session) await checkSessionAddress(getDb(), { orgId: published.orgId, session, clientIp: facts.clientIp });
  const previewCookie = cookie(PREVIEW_COOKIE);
  const preview = session && token && previewCookie ? await previewOfRequest({ org: published, userDbId: session.userDbId, sessionToken: token, cookie: previewCookie }) : null;
  return contextOf({
    org: preview?.org ?? published,
    session,
    cookie,
    hostname: facts.hostname,
    correlationId: facts.correlationId,
    clientIp: facts.clientIp,
    preview: preview && { versionId: preview.versionId },
    userAgent: facts.userAgent ?? null,
  });
}

// The header is read once, whatever the number of cookies asked for. The reader is returned
// unnamed: the server's loader (tsx, esbuild's keepNames) names each named closure with a
// defineProperty call every time one is made, here once per request.
function cookieReader(cookieHeader: string | undefined): RequestContext['cookie'] {
  const cookies = cookiesOfHeader(cookieHeader);
  return (name) => cookies.get(name);
}

/** The derived parts of a context from its resolved ones (also how tests make a context). */
export function contextOf(
  parts: Pick<RequestContext, 'org' | 'session' | 'cookie' | 'hostname' | 'correlationId' | 'clientIp'> & Partial<Pick<RequestContext, 'preview' | 'userAgent'>>,
): RequestContext {
  const user = parts.session?.user ?? null;
  const country = countryOfAddress(parts.clientIp);
  const locale = resolveLocaleFromCookies(parts.cookie, parts.org, user ? { language: user.language, currency: user.currency_code } : undefined, country);
  const priceType = priceTypeFor(user?.role, parts.org.audience === 'business') === 'B2B' ? 'B2B' : 'B2C';
  return { preview: null, userAgent: null, ...parts, user, locale, priceType, country };
}
