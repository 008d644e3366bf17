import { useRouteLoaderData } from '@remix-run/react';
import type { MessageKey } from '~/i18n';
import { format } from '~/i18n';
import { useMessages } from '~/i18n/messages-context';
import type { ShellData } from '~/services/site/shell.server';

/** The root loader's data; every page renders inside the shell, so it is always there. */
export function useShell(): ShellData {
  const data = useRouteLoaderData<ShellData>('root');
  if (!data) throw new Error('useShell used outside the root route');
  return data;
}

export function useOptionalUser() {
  return useRouteLoaderData<ShellData>('root')?.user ?? null;
}

/** A translate function as useT gives it. */
export type T = ReturnType<typeof useT>;

/**
 * Translates a message key in the visitor's language, filling `{name}` placeholders and choosing
 * plural forms by the language's rules. Outside the shell (the root error page) it counts in English.
 */
export function useT() {
  const messages = useMessages();
  const language = useRouteLoaderData<ShellData>('root')?.locale.language ?? 'en-US';
  return (key: MessageKey, values?: Record<string, string | number>) => (values ? format(messages[key], values, language) : messages[key]);
}
