import { keptAnswers } from './kept-answers';

/**
 * Building an Intl.NumberFormat, Intl.DateTimeFormat or Intl.PluralRules costs far more than
 * using one (tens of microseconds each), and a page formats dozens of prices, dates and times:
 * each is built once per (locale, options) and kept. Bounded, as locales and zones come from
 * requests and configs (they are validated, but a bound costs nothing). A locale or option the
 * runtime refuses throws as the constructor does, and nothing is kept.
 */
const MAX_FORMATTERS = 512;
const numberFormats = keptAnswers<Intl.NumberFormat>(MAX_FORMATTERS);
const dateTimeFormats = keptAnswers<Intl.DateTimeFormat>(MAX_FORMATTERS);
const pluralRulesByLocale = keptAnswers<Intl.PluralRules>(MAX_FORMATTERS);

function kept<F>(formats: (key: string, build: () => F) => F, locale: string, options: object, build: () => F): F {
  // Options are flat and their values primitives: joined by hand, cheaper than JSON (or entries) per call.
  let key = locale;
  for (const name in options) key += `|${name}=${String(options[name as keyof typeof options])}`;
  return formats(key, build);
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return kept(numberFormats, locale, options, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return kept(dateTimeFormats, locale, options, () => new Intl.DateTimeFormat(locale, options));
}

export function pluralRules(locale: string): Intl.PluralRules {
  return kept(pluralRulesByLocale, locale, {}, () => new Intl.PluralRules(locale));
}

const fractionDigitsByCurrency = keptAnswers<number>(MAX_FORMATTERS);

/** How many minor digits `currency` has as Intl knows it (JPY none, most two), found once per currency. */
export function currencyFractionDigits(currency: string): number {
  return fractionDigitsByCurrency(currency, () => numberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2);
}
