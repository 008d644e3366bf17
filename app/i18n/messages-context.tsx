import { type ReactNode, createContext, useContext, useEffect, useState } from 'react';
import type { LanguageCode } from '~/domain/reference-data';
import type { Messages } from './en-US';

/**
 * The visitor's strings. They do not travel in the root loader's data (they would weigh on
 * every page and every client navigation): the server renders with them from the request's
 * context, and the browser gets them from a cacheable script named by their hash.
 */
const MessagesContext = createContext<Messages | null>(null);

export const messagesScriptPath = (language: LanguageCode, hash: string) => `/i18n/${language}.${hash}.js`;

declare global {
  interface Window {
    __messages?: Record<string, Messages>;
  }
}

/** Server side: the strings of the request, around the whole document. */
export function MessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  return <MessagesContext.Provider value={messages}>{children}</MessagesContext.Provider>;
}

/** The strings filed under `path`, loading their script when they are not there yet. */
export function loadMessages(path: string): Promise<Messages> {
  const loaded = window.__messages?.[path];
  if (loaded) return Promise.resolve(loaded);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = path;
    script.onload = () => (window.__messages?.[path] ? resolve(window.__messages[path]!) : reject(new Error(`no messages in ${path}`)));
    script.onerror = () => reject(new Error(`could not load ${path}`));
    document.head.appendChild(script);
  });
}

/**
 * The page's strings, named by the root loader's `messagesPath`. On the server the request's
 * strings are already provided; in the browser entry.client hydrates only once they are there,
 * and a change of language (a new path after revalidation) loads the new script, keeping the
 * old strings on screen until it arrives, or for good if it cannot be loaded.
 */
export function PageMessages({ path, children }: { path: string; children: ReactNode }) {
  const fromServer = useContext(MessagesContext);
  const [shown, setShown] = useState(() => (fromServer ? null : { path, messages: window.__messages?.[path] ?? null }));
  useEffect(() => {
    if (fromServer || shown?.path === path) return;
    let current = true;
    loadMessages(path).then(
      (messages) => current && setShown({ path, messages }),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [fromServer, path, shown]);
  if (fromServer || !shown?.messages) return <>{children}</>;
  return <MessagesContext.Provider value={shown?.messages ?? null}>{children}</MessagesContext.Provider>;
}

/** The page's strings, or null where there are none (the root's error page when the root failed). */
export function useOptionalMessages(): Messages | null {
  return useContext(MessagesContext);
}

export function useMessages(): Messages {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error('useMessages used outside PageMessages');
  return messages;
}
