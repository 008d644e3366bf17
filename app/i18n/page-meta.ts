import type { MetaDescriptor } from '@remix-run/node';
import type { LanguageCode } from '~/domain/reference-data';
import type { ShellData } from '~/services/site/shell.server';
import { type MessageKey, type Messages, format } from './index';

// A page's title and meta description in the page's language, carrying the organisation's name
// (issue 14). A route's `meta` runs outside React, so it cannot ask the messages context: it
// reads the strings filed under the root loader's `messagesPath`, where the browser's strings
// script puts them (app/i18n/messages-context.tsx) and where the server files the same strings
// when it first builds them (app/services/site/messages.server.ts). The path names the strings by
// their hash, so one path always means the same strings, whatever request reads them.

declare global {
  var __messages: Record<string, Messages> | undefined;
}

/** The pages that have a title and a description of their own: `meta.<page>.title` and `meta.<page>.description`. */
type TitledPage = { [K in MessageKey]: K extends `meta.${infer P}.title` ? P : never }[MessageKey];
export type MetaPage = { [P in TitledPage]: `meta.${P}.description` extends MessageKey ? P : never }[TitledPage];

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

const isNotFound = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 404;

type Match = { id: string; data: unknown };
/** What a route's `meta` receives that the title needs: the matches (the root's data) and the error, if the page failed. */
export type MetaArgs = { matches: readonly Match[]; error?: unknown };

/** The page's strings and language from the root's data, or null before they are there (the root failed). */
function pageStrings(matches: readonly Match[]): { t: Translate; orgName: string } | null {
  const shell = matches.find((match) => match.id === 'root')?.data as ShellData | undefined;
  const messages = shell ? globalThis.__messages?.[shell.messagesPath] : undefined;
  if (!shell || !messages) return null;
  const language: LanguageCode = shell.locale.language;
  const orgName = shell.org.name;
  return { orgName, t: (key, values) => format(messages[key], { org: orgName, ...values }, language) };
}

/**
 * `<title>` '<page> · <organisation>' and the page's description. `title` replaces the page's
 * own title where the page's data names it better (a hotel's name); null keeps the page's. A
 * page that failed is titled by its error: not found, or went wrong.
 */
export function pageMeta({ matches, error }: MetaArgs, page: MetaPage, title?: (t: Translate) => string | null): MetaDescriptor[] {
  const strings = pageStrings(matches);
  // The strings of a new language may still be on their way (a client-side switch): keep a title.
  if (!strings) {
    const orgName = (matches.find((match) => match.id === 'root')?.data as ShellData | undefined)?.org.name;
    return orgName ? [{ title: orgName }] : [];
  }
  const { t, orgName } = strings;
  if (error) page = isNotFound(error) ? 'notFound' : 'error';
  const own = (error ? null : title?.(t)) ?? t(`meta.${page}.title` as MessageKey);
  return [{ title: `${own} · ${orgName}` }, { name: 'description', content: t(`meta.${page}.description` as MessageKey) }];
}
