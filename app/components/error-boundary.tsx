import { Link, isRouteErrorResponse, useRouteError, useRouteLoaderData } from '@remix-run/react';
import { format } from '~/i18n';
import { useOptionalMessages } from '~/i18n/messages-context';
import type { ShellData } from '~/services/site/shell.server';

/** The words of an error page when the page has no strings (the root itself failed): the same on server and browser. */
const FALLBACK = {
  'error.title': 'Something went wrong',
  'error.notFoundTitle': 'Page not found',
  'error.tooManyTitle': 'Too many requests',
  'error.notFound': 'We could not find that page.',
  'error.ourSide': 'Something went wrong on our side. Please try again.',
  'error.status': 'The request could not be completed (error {status}).',
  'error.goHome': 'Go to the home page',
} as const;

/**
 * The server writes its errors' own texts in English, except a rate limit's (429), written in the
 * request's language with the real reason and wait; in another language a status says the rest.
 */
const SERVER_TEXT_LANGUAGE = 'en-US';
const STATUS_MESSAGES: Partial<Record<number, 'error.badRequest' | 'error.forbidden' | 'error.gone' | 'error.tooMany'>> = {
  400: 'error.badRequest',
  403: 'error.forbidden',
  410: 'error.gone',
  429: 'error.tooMany',
};

/**
 * Renders thrown Responses by status, and anything else as a generic failure, in the page's
 * language. A thrown Response's own text is shown as it came on an English page (a 429's in any
 * language), except a 404's, which says what the route could not find (`notFoundKey`: a booking
 * rather than a page); a page in another language says what the status means instead.
 */
export function GeneralErrorBoundary({ notFoundKey = 'error.notFound' }: { notFoundKey?: 'error.notFound' | 'success.notFound' } = {}) {
  const error = useRouteError();
  const shell = useRouteLoaderData<ShellData>('root');
  const messages = useOptionalMessages();
  // Without the root's data the browser has no strings: the server must not use its own either.
  const strings = shell && messages ? messages : FALLBACK;
  const language = shell?.locale.language ?? 'en-US';
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A rate limit (429) is the visitor's to wait out, not our failure: say so.
  const tooMany = isRouteErrorResponse(error) && error.status === 429;
  const statusMessage = (status: number) => {
    const key = STATUS_MESSAGES[status];
    return key && key in strings ? (strings as Record<string, string>)[key]! : format(strings['error.status'], { status }, language);
  };
  const message = isRouteErrorResponse(error)
    ? notFound
      ? notFoundKey in strings
        ? (strings as Record<string, string>)[notFoundKey]!
        : strings['error.notFound']
      : typeof error.data === 'string' && error.data && (tooMany || language === SERVER_TEXT_LANGUAGE)
        ? error.data
        : statusMessage(error.status)
    : strings['error.ourSide'];
  return (
    <section className="error-page" aria-labelledby="error-title">
      <h1 id="error-title">{strings[notFound ? 'error.notFoundTitle' : tooMany ? 'error.tooManyTitle' : 'error.title']}</h1>
      <p>{message}</p>
      <p>
        <Link to="/">{strings['error.goHome']}</Link>
      </p>
    </section>
  );
}
