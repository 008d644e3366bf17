import { ADS_CHECKIN_COOKIE, checkinOfAdLink } from '~/domain/ad-checkin';

// The few cookies the browser itself writes for the spec (decision 0053), read and written without
// a cookie library so that the pages carrying them stay small.

/** A cookie of this page, decoded; undefined when it is not set. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(prefix));
  if (found === undefined) return undefined;
  try {
    return decodeURIComponent(found.slice(prefix.length));
  } catch {
    return undefined;
  }
}

/** Sets a cookie for the whole site for this browser session (no Max-Age), Secure over https. */
export function writeCookie(name: string, value: string): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${secure}`;
}

/** The cookie naming the header version the visitor last saw (spec cookies: header_id). */
export const HEADER_ID_COOKIE = 'header_id';

/** The cookie naming the site a visitor came from (spec cookies: site_referer). */
export const SITE_REFERER_COOKIE = 'site_referer';

/**
 * What a page remembers of the visit (decision 0053): the header version it showed
 * (`header_id`), and once a browser session the other site that brought the visitor here (its
 * `document.referrer`, at most 300 characters); a visit from our own pages or from nowhere sets no
 * `site_referer`.
 */
export function rememberVisit(headerVersion: string): void {
  if (readCookie(HEADER_ID_COOKIE) !== headerVersion) writeCookie(HEADER_ID_COOKIE, headerVersion);
  if (readCookie(SITE_REFERER_COOKIE) !== undefined || document.referrer === '') return;
  let from: URL;
  try {
    from = new URL(document.referrer);
  } catch {
    return;
  }
  if (from.origin === window.location.origin) return;
  writeCookie(SITE_REFERER_COOKIE, `${from.origin}${from.pathname}`.slice(0, 300));
}

/** Following an ad whose link names a check-in makes that day the searches' default (adsCheckinDate). */
export function rememberAdCheckin(link: string): void {
  const checkin = checkinOfAdLink(link);
  if (checkin) writeCookie(ADS_CHECKIN_COOKIE, checkin);
}
