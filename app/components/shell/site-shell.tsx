import type { ReactNode } from 'react';
import { AuthDialogs } from '~/components/auth/auth-dialogs';
import { LocaleDialog, LocaleDialogProvider } from '~/components/locale/locale-dialog';
import { PlansModal } from '~/components/membership/plans-modal-gate';
import { RouteBehaviours } from '~/components/route-behaviours';
import { useT } from '~/components/shell-context';
import { AdsBanner } from './ads-banner';
import { ChatWidget } from './chat-widget';
import { SiteFooter } from './footer';
import { SiteHeader } from './header';
import { LoaderOverlay } from './loader-overlay';
import { PreviewBar } from './preview-bar';

/** The page frame: header (by headerVersion), ads, main content, footer, dialogs, chat. */
export function SiteShell({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <LocaleDialogProvider>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <PreviewBar />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <AdsBanner />
        {children}
      </main>
      <SiteFooter />
      <LocaleDialog />
      <AuthDialogs />
      <PlansModal />
      <RouteBehaviours />
      <LoaderOverlay />
      <ChatWidget />
    </LocaleDialogProvider>
  );
}
