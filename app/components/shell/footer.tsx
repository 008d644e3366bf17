import { useShell, useT } from '~/components/shell-context';

function NewTabLink({ href, children }: { href: string; children: string }) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden"> {t('footer.opensInNewTab')}</span>
      <span className="new-tab-icon" aria-hidden="true">
        ↗
      </span>
    </a>
  );
}

/** Spec §2: a footer is always shown; the legal pages open in a new tab. */
export function SiteFooter() {
  const { org } = useShell();
  const t = useT();
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <p className="footer-org">{org.name}</p>
          <p>
            © {new Date().getFullYear()} {org.name}. {t('footer.rights')}
          </p>
        </div>
        <section className="footer-section" aria-labelledby="footer-support">
          <h2 id="footer-support" className="footer-heading">
            {t('footer.support')}
          </h2>
          <ul>
            <li>
              <a href={`mailto:${org.support.email}`}>{org.support.email}</a>
            </li>
            {org.support.phone ? (
              <li>
                <a href={`tel:${org.support.phone.replace(/[^+0-9]/g, '')}`}>{org.support.phone}</a>
              </li>
            ) : null}
          </ul>
        </section>
        <nav className="footer-section" aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="footer-heading">
            {t('footer.legal')}
          </h2>
          <ul>
            <li>
              <NewTabLink href="/privacy-policy">{t('footer.privacy')}</NewTabLink>
            </li>
            <li>
              <NewTabLink href="/terms-of-use">{t('footer.terms')}</NewTabLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
