import { pluralRules } from '~/domain/intl-format';
import type { LanguageCode } from '~/domain/reference-data';
import { enUS, type MessageKey, type Messages } from './en-US';
import { esMX } from './es-MX';
import { keptAnswers } from '~/domain/kept-answers';

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

/**
 * A template read once into its pieces: text, `{name}` placeholders, and plural blocks whose forms
 * are pieces too (`#` for the count). An unresolved block is written back as it stood, its own
 * placeholders filled, as a plain search-and-replace would.
 */
type Piece = string | { name: string } | { count: true } | { plural: string; forms: ReadonlyMap<string, readonly Piece[]>; asWritten: readonly Piece[] };

const PLACEHOLDER = /\{(\w+)\}/;
const COUNT: Piece = { count: true };

function placeholderPieces(text: string, withCount: boolean): Piece[] {
  const pieces: Piece[] = [];
  // split with one group alternates text and names: even indexes are text, odd ones names.
  text.split(PLACEHOLDER).forEach((part, i) => {
    if (i % 2 === 1) pieces.push({ name: part });
    else if (!withCount) pieces.push(part);
    else part.split('#').forEach((bit, j) => (j === 0 ? pieces.push(bit) : pieces.push(COUNT, bit)));
  });
  return pieces.filter((piece) => piece !== '');
}

function compile(template: string): readonly Piece[] {
  const pieces: Piece[] = [];
  let at = 0;
  for (const match of template.matchAll(PLURAL)) {
    pieces.push(...placeholderPieces(template.slice(at, match.index), false));
    const forms = new Map([...match[2]!.matchAll(PLURAL_FORM)].map(([, category, text]) => [category!, placeholderPieces(text!, true)]));
    pieces.push({ plural: match[1]!, forms, asWritten: placeholderPieces(match[0], false) });
    at = match.index + match[0].length;
  }
  pieces.push(...placeholderPieces(template.slice(at), false));
  return pieces;
}

// A page fills the same few templates many times: each is read into its pieces once. Templates
// are the dictionaries' and organisations' strings, so they are few; bounded all the same.
const keptTemplates = keptAnswers<readonly Piece[]>(2_000);
function piecesOf(template: string): readonly Piece[] {
  return keptTemplates(template, () => compile(template));
}

function fill(pieces: readonly Piece[], values: Record<string, string | number>, language: string, count: string): string {
  let text = '';
  for (const piece of pieces) {
    if (typeof piece === 'string') text += piece;
    else if ('count' in piece) text += count;
    else if ('name' in piece) text += piece.name in values ? String(values[piece.name]) : `{${piece.name}}`;
    else text += fillPlural(piece, values, language);
  }
  return text;
}

/**
 * A plural block for its count in `language` (Intl.PluralRules: Spanish and English differ in
 * which numbers are "one" or "many"): an exact `=n` form first, then the language's category,
 * then `other`. `#` stands for the count.
 */
function fillPlural(block: Extract<Piece, { plural: string }>, values: Record<string, string | number>, language: string): string {
  const count = Number(values[block.plural]);
  const form =
    block.plural in values && Number.isFinite(count)
      ? (block.forms.get(`=${count}`) ?? block.forms.get(pluralRules(language).select(count)) ?? block.forms.get('other'))
      : undefined;
  return form ? fill(form, values, language, String(count)) : fill(block.asWritten, values, language, '');
}

/**
 * Fills `{name}` placeholders and chooses `{name, plural, …}` forms by `language`'s plural
 * rules. A placeholder without a value stays as written, so a missing value shows.
 */
export function format(template: string, values: Record<string, string | number>, language: LanguageCode): string {
  // Most strings have no placeholder: nothing to read.
  if (!template.includes('{')) return template;
  return fill(piecesOf(template), values, language, '');
}
