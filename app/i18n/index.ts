import type { LanguageCode } from '~/domain/reference-data';
import { enUS, type MessageKey, type Messages } from './en-US';
import { esMX } from './es-MX';

export type { MessageKey, Messages };

const dictionaries: Record<LanguageCode, Messages> = { 'en-US': enUS, 'es-MX': esMX };

/** The strings of one language, with the organisation's own copy laid over them. */
export function messagesFor(language: LanguageCode, overrides?: Record<string, string>): Messages {
  const base = dictionaries[language];
  if (!overrides) return base;
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    if (key in base) merged[key as MessageKey] = value;
  }
  return merged;
}

// Intl.PluralRules objects are costly to build and immutable: one per language.
const pluralRules = new Map<string, Intl.PluralRules>();
function pluralRulesOf(language: string): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}

/** `{name, plural, one {# room} other {# rooms}}`: a form may hold `{other}` placeholders, not plurals. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const PLURAL_FORM = /(=\d+|zero|one|two|few|many|other) \{((?:[^{}]|\{\w+\})*)\}/g;

/**
 * The form of a plural block for `count` in `language` (Intl.PluralRules: Spanish and English
 * differ in which numbers are "one" or "many"): an exact `=n` form first, then the language's
 * category, then `other`. `#` stands for the count.
 */
function pluralForm(forms: string, count: number, language: string): string | null {
  const byCategory = new Map<string, string>();
  for (const [, category, text] of forms.matchAll(PLURAL_FORM)) byCategory.set(category!, text!);
  const chosen = byCategory.get(`=${count}`) ?? byCategory.get(pluralRulesOf(language).select(count)) ?? byCategory.get('other');
  return chosen === undefined ? null : chosen.replace(/#/g, String(count));
}

/**
 * Fills `{name}` placeholders and chooses `{name, plural, …}` forms by `language`'s plural
 * rules. A placeholder without a value stays as written, so a missing value shows.
 */
export function format(template: string, values: Record<string, string | number>, language: LanguageCode): string {
  const plurals = template.replace(PLURAL, (match, name: string, forms: string) => {
    const count = Number(values[name]);
    return name in values && Number.isFinite(count) ? (pluralForm(forms, count, language) ?? match) : match;
  });
  return plurals.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
