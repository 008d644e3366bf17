import type { OrgConfig } from '#schemas/org-config.schema';
import type { DateFormat } from '~/domain/date-format';
import { findCurrency, findLanguage } from '~/domain/reference-data';
import { sameOriginPath } from '~/domain/safe-redirect';
import { type PreferencesBody, preferencesSchema } from '#schemas/api/account.schema';
import { apiBodyErrors, compileApiBody } from '~/services/platform/api-body-schema.server';
import { secureCookieAttribute } from '../config/config.server';
import { getDb } from '../platform/db.server';

/** The body of POST /api/user/preferences (schemas/api/account.schema.ts). */
export const validatePreferenceUpdate = compileApiBody<PreferencesBody>(preferencesSchema);

export type PreferenceChoice = {
  language: { id: number; code: string };
  currency: { id: number; code: string };
  /** Only when the update names one (the form route never does). */
  dateFormat?: DateFormat;
};

export class PreferenceError extends Error {}

/**
 * Checks a preference payload against the schema and the organisation's offer. Codes or the
 * spec's numeric ids are accepted for language and currency; anything the org does not
 * offer is refused with a message that names it.
 */
export function parsePreferenceUpdate(body: unknown, org: OrgConfig): PreferenceChoice {
  if (!validatePreferenceUpdate(body)) throw new PreferenceError(apiBodyErrors(validatePreferenceUpdate.errors).join('; '));
  return preferenceChoice(org, body);
}

/** A valid update's choice: the offered language and currency, and the date format when given. */
export function preferenceChoice(org: OrgConfig, body: PreferencesBody): PreferenceChoice {
  const choice = checkOffered(org, body.preferred_language, body.preferred_currency);
  return body.date_format ? { ...choice, dateFormat: body.date_format } : choice;
}

export function checkOffered(org: OrgConfig, languageIn: string, currencyIn: string): PreferenceChoice {
  const language = findLanguage(languageIn);
  const currency = findCurrency(currencyIn);
  if (!language || !org.locale.languages.includes(language.code)) {
    throw new PreferenceError(`preferred_language: '${languageIn}' is not offered (offered: ${org.locale.languages.join(', ')})`);
  }
  if (!currency || !org.locale.currencies.includes(currency.code)) {
    throw new PreferenceError(`preferred_currency: '${currencyIn}' is not offered (offered: ${org.locale.currencies.join(', ')})`);
  }
  return { language: { id: language.id, code: language.code }, currency: { id: currency.id, code: currency.code } };
}

/** Saves a signed-in user's language and currency, so they follow the user to any device. */
export async function saveUserPreferences(userDbId: number, choice: PreferenceChoice): Promise<void> {
  await getDb()
    .updateTable('users')
    .set({ preferred_language: choice.language.code, preferred_currency: choice.currency.code, ...(choice.dateFormat ? { date_format: choice.dateFormat } : {}) })
    .where('id', '=', userDbId)
    .execute();
}

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The spec's locale cookies (ssoLanguage, ssoCurrency by id; lan_code, currency_code by
 * code). Scripts read them, so they are not HttpOnly; Secure in production and off localhost.
 */
export function localeCookies(hostname: string, choice: PreferenceChoice): string[] {
  const attributes = `Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax${secureCookieAttribute(hostname)}`;
  return [
    `ssoLanguage=${choice.language.id}; ${attributes}`,
    `ssoCurrency=${choice.currency.id}; ${attributes}`,
    `lan_code=${encodeURIComponent(choice.language.code)}; ${attributes}`,
    `currency_code=${choice.currency.code}; ${attributes}`,
  ];
}

/** Only a path on this site: never `//evil.example` or `https://…` (open redirect). */
export function safeReturnPath(value: unknown): string {
  const path = sameOriginPath(value);
  if (path === null) return '/';
  // Drop the parameter that opened the dialog, so the page comes back with it closed.
  const url = new URL(path, 'http://local');
  url.searchParams.delete('preferences');
  return `${url.pathname}${url.search}${url.hash}`;
}
