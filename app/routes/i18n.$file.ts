import type { LoaderFunctionArgs } from '@remix-run/node';
import { isLanguageCode } from '~/domain/reference-data';
import { messagesScript, pageMessages } from '~/services/site/messages.server';

/**
 * GET /i18n/{language}.{hash}.js: the organisation's strings in one language, for the browser
 * (see app/i18n/messages-context.tsx). The current hash is cached for a year; an older one
 * (a page rendered before the organisation's copy changed) gets today's strings, uncached.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const match = /^([A-Za-z-]+)\.([\w-]+)\.js$/.exec(params.file ?? '');
  const language = match?.[1] ?? '';
  if (!match || !isLanguageCode(language)) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
  const current = pageMessages(context.org, language);
  const requestedPath = `/i18n/${params.file}`;
  return new Response(messagesScript(requestedPath, current.json), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': requestedPath === current.path ? 'public, max-age=31536000, immutable' : 'no-store',
    },
  });
}
