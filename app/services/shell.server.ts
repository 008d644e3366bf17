import type { OrgConfig } from '#schemas/org-config.schema';
import { productNav } from '~/domain/landing-pages';
import { getPageAds } from './ads.server';
import { getAuthLayouts } from './config.server';
import { lookupDateFormat } from './date-format.server';
import { offeredCurrencies, offeredLanguages } from './locale.server';
import { pageMessages } from './messages.server';
import type { RequestContext } from './request-context.server';

/** What the browser needs to know about the organisation (no secrets, no legal bodies). */
export function publicOrg(org: OrgConfig) {
  return {
    orgId: org.orgId,
    orgNumber: org.orgNumber,
    name: org.name,
    /** Dates and times are shown on the organisation's clock (decision 0039). */
    timeZone: org.timeZone,
    headerVersion: org.headerVersion,
    theme: org.theme,
    products: org.products,
    productNav: productNav(org.products),
    chat: org.chat,
    auth: org.auth,
    /** The sign-in dialogs open over any page, so their layouts travel with the shell. */
    authLayouts: getAuthLayouts(org),
    support: org.support,
    map: org.map ?? null,
    membership: org.membership,
  };
}
export type PublicOrg = ReturnType<typeof publicOrg>;

/** Data every page's shell renders: organisation, visitor, locale and strings. */
export async function loadShell(context: Pick<RequestContext, 'org' | 'session' | 'locale'>, pathname: string) {
  const { org, session, locale } = context;
  const [ads, dateFormat] = await Promise.all([
    getPageAds({ org, pathname, signedIn: session !== null }),
    session ? lookupDateFormat({ userDbId: session.userDbId }) : null,
  ]);
  return {
    org: publicOrg(org),
    user: session?.user ?? null,
    locale,
    /** A signed-in user's date format (spec §6, §9); null for an anonymous visitor (the locale's dates). */
    dateFormat,
    /** Where the browser gets the strings (they are not in the page: app/i18n/messages-context.tsx). */
    messagesPath: pageMessages(org, locale.language).path,
    languages: offeredLanguages(org),
    currencies: offeredCurrencies(org).map(({ id, code, name, flag }) => ({ id, code, name, flag })),
    /** The banner of the page's ads; empty where ads do not apply (the root loader reruns per path). */
    ads,
  };
}
export type ShellData = Awaited<ReturnType<typeof loadShell>>;
