import type { OrgConfig } from '#schemas/org-config.schema';
import { authDialogFromParams } from '~/domain/auth-dialog-params';
import { productNav } from '~/domain/landing-pages';
import { getPageAds } from './ads.server';
import { AUTH_PAGE_KINDS, type AuthLayoutKind } from '~/domain/auth-layouts';
import { getLayout } from '../config/config.server';
import { offeredCurrencies, offeredLanguages } from './locale.server';
import { pageMessages } from './messages.server';
import type { RequestContext } from './request-context.server';

/** The blocks of the organisation's sign-in, sign-up and forgot-password forms. */
function authLayoutsOf(org: OrgConfig) {
  const blocksOf = (kind: AuthLayoutKind) => getLayout(org, AUTH_PAGE_KINDS[kind]).blocks;
  return { signIn: blocksOf('signIn'), signUp: blocksOf('signUp'), forgotPassword: blocksOf('forgotPassword') };
}

/**
 * What the browser needs to know about the organisation (no secrets, no legal bodies), on a
 * page that shows a sign-in form (`withAuthForms`) or on any other.
 */
export function publicOrg(org: OrgConfig, withAuthForms: boolean) {
  return {
    orgId: org.orgId,
    orgNumber: org.orgNumber,
    name: org.name,
    /** Dates and times are shown on the organisation's clock (decision 0039). */
    timeZone: org.timeZone,
    headerVersion: org.headerVersion,
    theme: org.theme,
    productNav: productNav(org.products),
    chat: org.chat,
    auth: org.auth,
    /**
     * The sign-in dialogs open over any page by its query (`?login=true`): their layouts travel
     * with the shell of a page that opens one, and of the /auth pages. A client navigation to such
     * a query reruns the root loader (the search changes), so the layouts arrive with it.
     */
    authLayouts: withAuthForms ? authLayoutsOf(org) : null,
    support: org.support,
    /** Only where the plans modal opens: the plans themselves come with the modal (api/membershipUpgrade/plans). */
    membership: { plansModal: org.membership.plansModal },
  };
}
export type PublicOrg = ReturnType<typeof publicOrg>;

/** Data every page's shell renders: organisation, visitor, locale and strings. */
export async function loadShell(context: Pick<RequestContext, 'org' | 'session' | 'locale' | 'preview'>, url: URL) {
  const { org, session, locale, preview } = context;
  const { pathname } = url;
  const signInDialog = authDialogFromParams(url.searchParams, { pathname, signedIn: session !== null, tripLinkPaths: org.auth.tripLinkPaths }).dialog;
  const ads = getPageAds({ org, pathname, signedIn: session !== null });
  return {
    org: publicOrg(org, signInDialog !== null || pathname.startsWith('/auth/')),
    user: session?.user ?? null,
    /** A signed-in page follows the user's events after this one (app/components/realtime/user-events.ts). */
    userEventsAfter: session?.eventSeq ?? null,
    locale,
    /** A signed-in user's date format (spec §6, §9); null for an anonymous visitor (the locale's dates). */
    dateFormat: session?.dateFormat ?? null,
    /** Where the browser gets the strings (they are not in the page: app/i18n/messages-context.tsx). */
    messagesPath: pageMessages(org, locale.language).path,
    languages: offeredLanguages(org),
    currencies: offeredCurrencies(org).map(({ id, code, name, flag }) => ({ id, code, name, flag })),
    /**
     * The banner of the page's ads; empty where ads do not apply (the root loader reruns per path).
     * Only what the banner shows (the picture is decorative: no alt text of its own).
     */
    ads: ads.map(({ uuid, petitionTypeStr, banner: { title, subtitle, image, link } }) => ({ uuid, petitionTypeStr, banner: { title, subtitle, image, link } })),
    /** The draft an admin previews (the bar says so on every page), else null. */
    preview,
  };
}
export type ShellData = Awaited<ReturnType<typeof loadShell>>;
