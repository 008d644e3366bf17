/**
 * Languages and currencies the platform knows. The seed writes them to the database with
 * these ids (the spec fixes en-US = 1 and USD = 9); org configs may offer any subset.
 * Rates are units per US dollar, kept as decimal strings (never floats).
 */
export const languages = [
  { id: 1, code: 'en-US', name: 'English (United States)' },
  { id: 2, code: 'es-MX', name: 'Español (México)' },
] as const;

export const currencies = [
  { id: 1, code: 'AUD', name: 'Australian Dollar', flag: '🇦🇺', minorDigits: 2, perUsd: '1.52000000' },
  { id: 2, code: 'BRL', name: 'Brazilian Real', flag: '🇧🇷', minorDigits: 2, perUsd: '5.05000000' },
  { id: 3, code: 'CAD', name: 'Canadian Dollar', flag: '🇨🇦', minorDigits: 2, perUsd: '1.36000000' },
  { id: 4, code: 'CHF', name: 'Swiss Franc', flag: '🇨🇭', minorDigits: 2, perUsd: '0.88000000' },
  { id: 5, code: 'EUR', name: 'Euro', flag: '🇪🇺', minorDigits: 2, perUsd: '0.92000000' },
  { id: 6, code: 'GBP', name: 'British Pound', flag: '🇬🇧', minorDigits: 2, perUsd: '0.79000000' },
  { id: 7, code: 'JPY', name: 'Japanese Yen', flag: '🇯🇵', minorDigits: 0, perUsd: '151.20000000' },
  { id: 8, code: 'MXN', name: 'Mexican Peso', flag: '🇲🇽', minorDigits: 2, perUsd: '17.05000000' },
  { id: 9, code: 'USD', name: 'US Dollar', flag: '🇺🇸', minorDigits: 2, perUsd: '1.00000000' },
  { id: 10, code: 'COP', name: 'Colombian Peso', flag: '🇨🇴', minorDigits: 2, perUsd: '3950.00000000' },
] as const;

export type LanguageCode = (typeof languages)[number]['code'];
export type CurrencyCode = (typeof currencies)[number]['code'];

/** The spec's locale cookies: language and currency, by code and by id. */
export const LOCALE_COOKIE_NAMES = ['lan_code', 'ssoLanguage', 'currency_code', 'ssoCurrency'] as const;

export const DEFAULT_LANGUAGE = { id: 1, code: 'en-US' } as const;
export const DEFAULT_CURRENCY = { id: 9, code: 'USD' } as const;

export function isLanguageCode(code: string): code is LanguageCode {
  return languages.some((l) => l.code === code);
}
export function isCurrencyCode(code: string): code is CurrencyCode {
  return currencies.some((c) => c.code === code);
}
export function findLanguage(idOrCode: string | number) {
  return languages.find((l) => l.code === idOrCode || String(l.id) === String(idOrCode));
}
export function findCurrency(idOrCode: string | number) {
  return currencies.find((c) => c.code === idOrCode || String(c.id) === String(idOrCode));
}
