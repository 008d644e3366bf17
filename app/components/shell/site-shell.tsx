import type { ReactNode } from 'react';
import { AuthDialogs } from '~/components/auth/auth-dialogs';
import { RouteBehaviours } from '~/components/route-behaviours';
import { useShell, useT } from '~/components/shell-context';

/** The page frame: header (by headerVersion), main content, footer. */
export function SiteShell({ children }: { children: ReactNode }) {
  const { org } = useShell();
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <header className={`site-header header-${org.headerVersion}`}>
        <a href="/" className="brand">
          <img src={org.theme.logo.src} alt={org.theme.logo.alt} width={160} height={40} />
        </a>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <p>
          © {new Date().getFullYear()} {org.name}. {t('footer.rights')}
        </p>
      </footer>
      <AuthDialogs />
      <RouteBehaviours />
    </>
  );
}
