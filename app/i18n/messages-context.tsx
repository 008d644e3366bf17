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

function loadScript(path: string): Promise<Messages> {
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
 * strings are already provided; in the browser the script loaded before hydration holds them,
 * and a change of language (a new path after revalidation) loads the new script, keeping the
 * old strings on screen until it arrives. A failed load falls back to a full page load.
 */
export function PageMessages({ path, children }: { path: string; children: ReactNode }) {
  const fromServer = useContext(MessagesContext);
  const [shown, setShown] = useState(() => (fromServer ? null : { path, messages: window.__messages?.[path] ?? null }));
  useEffect(() => {
    if (fromServer || (shown?.path === path && shown.messages)) return;
    let current = true;
    loadScript(path).then(
      (messages) => current && setShown({ path, messages }),
      () => current && window.location.reload(),
    );
    return () => {
      current = false;
    };
  }, [fromServer, path, shown]);
  if (fromServer) return <>{children}</>;
  // Only when the script did not arrive before hydration: nothing to show until it loads.
  if (!shown?.messages) return null;
  return <MessagesContext.Provider value={shown?.messages ?? null}>{children}</MessagesContext.Provider>;
}

export function useMessages(): Messages {
  const messages = useContext(MessagesContext);
  if (!messages) throw new Error('useMessages used outside PageMessages');
  return messages;
}
