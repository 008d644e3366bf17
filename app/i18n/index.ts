import { pluralRules } from '~/domain/intl-format';
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

/** `{name, plural, one {# room} other {# rooms}}`: a form may hold `{other}` placeholders, not plurals. */
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other) \{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const PLURAL_FORM = /(=\d+|zero|one|two|few|many|other) \{((?:[^{}]|\{\w+\})*)\}/g;

// A page formats the same few plural blocks many times: each is read into its forms once.
const MAX_KEPT_PLURAL_BLOCKS = 1_000;
const keptPluralForms = new Map<string, ReadonlyMap<string, string>>();
function pluralFormsOf(forms: string): ReadonlyMap<string, string> {
  let byCategory = keptPluralForms.get(forms);
  if (!byCategory) {
    byCategory = new Map([...forms.matchAll(PLURAL_FORM)].map(([, category, text]) => [category!, text!]));
    if (keptPluralForms.size >= MAX_KEPT_PLURAL_BLOCKS) keptPluralForms.clear();
    keptPluralForms.set(forms, byCategory);
  }
  return byCategory;
}

/**
 * The form of a plural block for `count` in `language` (Intl.PluralRules: Spanish and English
 * differ in which numbers are "one" or "many"): an exact `=n` form first, then the language's
 * category, then `other`. `#` stands for the count.
 */
function pluralForm(forms: string, count: number, language: string): string | null {
  const byCategory = pluralFormsOf(forms);
  const chosen = byCategory.get(`=${count}`) ?? byCategory.get(pluralRules(language).select(count)) ?? byCategory.get('other');
  return chosen === undefined ? null : chosen.replace(/#/g, String(count));
}

/**
 * Fills `{name}` placeholders and chooses `{name, plural, …}` forms by `language`'s plural
 * rules. A placeholder without a value stays as written, so a missing value shows.
 */
export function format(template: string, values: Record<string, string | number>, language: LanguageCode): string {
  // Most strings have no placeholder, and few a plural: neither pattern runs where it cannot match.
  if (!template.includes('{')) return template;
  const plurals = template.includes(', plural,')
    ? template.replace(PLURAL, (match, name: string, forms: string) => {
        const count = Number(values[name]);
        return name in values && Number.isFinite(count) ? (pluralForm(forms, count, language) ?? match) : match;
      })
    : template;
  return plurals.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
