import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { installCardProcessLog } from '~/components/payments/card-process-log';

installCardProcessLog();

/**
 * The page's strings arrive by their own script (app/i18n/messages-context.tsx), which may run
 * after this module: hydrating without them would throw the server's markup away.
 */
function pageMessagesLoaded(): Promise<void> {
  const script = document.querySelector<HTMLScriptElement>('script[data-page-messages]');
  if (!script || window.__messages?.[new URL(script.src).pathname]) return Promise.resolve();
  return new Promise((resolve) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => resolve(), { once: true });
  });
}

void pageMessagesLoaded().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  }),
);
