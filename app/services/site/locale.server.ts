import type { OrgConfig } from '#schemas/org-config.schema';
import { countryLocale } from '~/domain/ip-country';
import { localeCookies } from '../identity/preferences.server';
import {
  type CurrencyCode,
  type LanguageCode,
  LOCALE_COOKIE_NAMES,
  currencies,
  findCurrency,
  findLanguage,
  isCurrencyCode,
  isLanguageCode,
  languages,
} from '~/domain/reference-data';

export type Locale = { language: LanguageCode; currency: CurrencyCode };

/**
 * The visitor's language and currency: the spec's cookies first (lan_code / ssoLanguage,
 * currency_code / ssoCurrency), then the signed-in user's preference, then what their country
 * (from their address, offline) speaks and pays in, then the org default. Only what the
 * organisation offers is accepted. The request context resolves it once.
 */
export function resolveLocaleFromCookies(
  cookie: (name: string) => string | undefined,
  org: OrgConfig,
  preferred?: { language?: string | null; currency?: string | null },
  country?: string | null,
): Locale {
  const cookieLanguage = cookie('lan_code') ?? findLanguage(cookie('ssoLanguage') ?? '')?.code;
  const cookieCurrency = cookie('currency_code') ?? findCurrency(cookie('ssoCurrency') ?? '')?.code;
  const local = country ? countryLocale(country) : {};

  const language =
    offeredLanguage(org, cookieLanguage) ?? offeredLanguage(org, preferred?.language) ?? offeredLanguage(org, local.language) ?? offeredLanguage(org, org.locale.defaultLanguage);
  const currency =
    offeredCurrency(org, cookieCurrency) ?? offeredCurrency(org, preferred?.currency) ?? offeredCurrency(org, local.currency) ?? offeredCurrency(org, org.locale.defaultCurrency);
  // The config service checked the defaults against the reference data at load.
  return { language: language ?? 'en-US', currency: currency ?? 'USD' };
}

/**
 * The locale cookies a first visit gets when its country chose its language or currency (spec
 * §7: the geolocation look-up feeds the cookies), so later pages keep that locale wherever the
 * visitor browses from: anonymous, no locale cookie yet, and a country whose language or
 * currency the organisation offers. Otherwise none.
 */
export function geolocatedLocaleCookies(visit: {
  org: OrgConfig;
  signedIn: boolean;
  cookie: (name: string) => string | undefined;
  country: string | null;
  locale: Locale;
  hostname: string;
}): string[] {
  if (visit.signedIn || !visit.country || LOCALE_COOKIE_NAMES.some((name) => visit.cookie(name) !== undefined)) return [];
  const local = countryLocale(visit.country);
  if (!offeredLanguage(visit.org, local.language) && !offeredCurrency(visit.org, local.currency)) return [];
  const language = findLanguage(visit.locale.language)!;
  const currency = findCurrency(visit.locale.currency)!;
  return localeCookies(visit.hostname, { language: { id: language.id, code: language.code }, currency: { id: currency.id, code: currency.code } });
}

// Module functions, not closures made per request: the server's loader (tsx, esbuild's keepNames)
// names every named closure with a defineProperty call each time it is made.
function offeredLanguage(org: OrgConfig, code: string | undefined | null): LanguageCode | undefined {
  return code && isLanguageCode(code) && org.locale.languages.includes(code) ? code : undefined;
}

function offeredCurrency(org: OrgConfig, code: string | undefined | null): CurrencyCode | undefined {
  return code && isCurrencyCode(code) && org.locale.currencies.includes(code) ? code : undefined;
}

export function offeredLanguages(org: OrgConfig) {
  return languages.filter((l) => org.locale.languages.includes(l.code));
}

export function offeredCurrencies(org: OrgConfig) {
  return currencies.filter((c) => org.locale.currencies.includes(c.code));
}
