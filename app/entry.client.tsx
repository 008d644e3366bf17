import { RemixBrowser } from '@remix-run/react';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { installCardProcessLog } from '~/components/payments/card-process-log';
import { loadMessages } from '~/i18n/messages-context';

installCardProcessLog();

/**
 * The page's strings arrive by their own script (app/i18n/messages-context.tsx), which may run
 * after this module: hydrating without them would throw the server's markup away. Once that
 * script has loaded or failed, they are read, or loaded once more. If they cannot be had, the
 * page stays as the server sent it and works as it does without JavaScript.
 */
function settled(script: HTMLScriptElement, path: string): Promise<void> {
  return new Promise((resolve) => {
    if (window.__messages?.[path]) return resolve();
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => resolve(), { once: true });
    // Failed before this module ran (its events are gone): found by its timing entry, or at worst after a while.
    if (performance.getEntriesByName(script.src).length > 0) resolve();
    setTimeout(resolve, 10_000);
  });
}

const messagesScript = document.querySelector<HTMLScriptElement>('script[data-page-messages]');
const messagesPath = messagesScript ? new URL(messagesScript.src).pathname : null;
const pageMessages = messagesScript && messagesPath ? settled(messagesScript, messagesPath).then(() => loadMessages(messagesPath)) : Promise.resolve();

pageMessages.then(
  () =>
    startTransition(() => {
      hydrateRoot(
        document,
        <StrictMode>
          <RemixBrowser />
        </StrictMode>,
      );
    }),
  () => undefined,
);
