import { createHash } from 'node:crypto';
import type { OrgConfig } from '#schemas/org-config.schema';
import type { LanguageCode } from '~/domain/reference-data';
import { type Messages, messagesFor } from '~/i18n';
import { messagesScriptPath } from '~/i18n/messages-context';

type PageMessages = { messages: Messages; path: string; json: string };

/**
 * The strings of an organisation in one language, merged, serialised and hashed once per
 * loaded config: a page sends only the script's address, and the browser caches the script
 * for as long as the strings stay the same (a config reload is a new object, so a new hash).
 */
const perConfig = new WeakMap<OrgConfig, Map<LanguageCode, PageMessages>>();

export function pageMessages(org: OrgConfig, language: LanguageCode): PageMessages {
  let byLanguage = perConfig.get(org);
  if (!byLanguage) perConfig.set(org, (byLanguage = new Map()));
  let entry = byLanguage.get(language);
  if (!entry) {
    const messages = messagesFor(language, org.copy?.[language]);
    const json = JSON.stringify(messages);
    const hash = createHash('sha256').update(json).digest('base64url').slice(0, 12);
    entry = { messages, json, path: messagesScriptPath(language, hash) };
    byLanguage.set(language, entry);
    // Filed where a route's `meta` finds them on the server, as the browser's script files them (app/i18n/page-meta.ts).
    (globalThis.__messages ??= {})[entry.path] = messages;
  }
  return entry;
}

/**
 * The script that hands the strings to the browser before the app hydrates. It files them
 * under the address the page asked for, so a page holding an older address still finds them.
 */
export function messagesScript(requestedPath: string, json: string): string {
  // `<` is escaped so the strings can never close a script element.
  return `(window.__messages||(window.__messages={}))[${JSON.stringify(requestedPath)}]=${json.replace(/</g, '\\u003c')};`;
}
