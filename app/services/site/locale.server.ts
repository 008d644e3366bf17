import type { OrgConfig } from '#schemas/org-config.schema';
import { countryLocale } from '~/domain/ip-country';
import { type CurrencyCode, type LanguageCode, currencies, findCurrency, findLanguage, isCurrencyCode, isLanguageCode, languages } from '~/domain/reference-data';

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
