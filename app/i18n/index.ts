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

/** Fills `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}
