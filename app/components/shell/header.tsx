import { useLocation } from '@remix-run/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { MessageKey } from '~/i18n';
import { useLinkList } from '~/components/link-list';
import { useOptionalUser, useShell, useT } from '~/components/shell-context';
import { isCurrentLink } from '~/domain/link-clicks';
import { LocaleButton } from '~/components/locale/locale-dialog';
import { NotificationsBadge, NotificationsProvider } from './notifications';

type Shell = ReturnType<typeof useShell>;

/** `?login=true` / `?signup=true` on the current page: the identity dialogs open there. */
function withParam(pathname: string, search: string, name: string): string {
  const params = new URLSearchParams(search);
  params.delete('login');
  params.delete('signup');
  params.set(name, 'true');
  return `${pathname}?${params.toString()}`;
}

function Logo({ org }: { org: Shell['org'] }) {
  return (
    <a href="/" className="brand">
      <img src={org.theme.logo.src} alt={org.theme.logo.alt} width={160} height={40} />
    </a>
  );
}

/**
 * The `<header>` every page has, its links plain under one handler (app/components/link-list.tsx,
 * docs/decisions/0045): the navigation and the account area are in it twice (wide and narrow),
 * and a <Link> or <Form> in each copy cost a good part of a signed-in page's render.
 */
function HeaderElement({ version, children }: { version: Shell['org']['headerVersion']; children: ReactNode }) {
  const { listProps, prefetchLinks } = useLinkList({ prefetch: 'intent' });
  return (
    <header className={`site-header header-${version}`} data-header-version={version} {...listProps}>
      {children}
      {prefetchLinks}
    </header>
  );
}

/** The products, the current one marked as <NavLink> marks it. */
function ProductNav({ org, className }: { org: Shell['org']; className: string }) {
  const t = useT();
  const { pathname } = useLocation();
  if (org.productNav.length === 0) return null;
  return (
    <nav className={className} aria-label={t('header.productsNav')}>
      <ul>
        {org.productNav.map((item) => {
          const current = isCurrentLink(pathname, item.path);
          return (
            <li key={item.product}>
              <a href={item.path} className={current ? 'active' : undefined} aria-current={current ? 'page' : undefined}>
                {t(`product.${item.product}` satisfies MessageKey)}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Closes a <details> when the page changes: the header stays mounted across client navigations. */
function useCloseOnNavigation() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    ref.current?.removeAttribute('open');
  }, [pathname]);
  return ref;
}

/**
 * Sign in / sign up for visitors; name, profile, trips and sign out for users. `compact` (the
 * wide header) folds the user's links into a <details> dropdown under their name, which
 * works without JavaScript and with the keyboard; the mobile menu lists them flat.
 */
function AccountArea({ compact }: { compact: boolean }) {
  const user = useOptionalUser();
  const t = useT();
  const { pathname, search } = useLocation();
  const dropdown = useCloseOnNavigation();
  if (!user) {
    return (
      <div className="account-area">
        <a className="button button-ghost" href={withParam(pathname, search, 'login')}>
          {t('header.signIn')}
        </a>
        <a className="button button-primary" href={withParam(pathname, search, 'signup')}>
          {t('header.signUp')}
        </a>
      </div>
    );
  }
  const links = (
    <>
      <a href={user.role === 'agent' ? '/agent/profile' : '/user/profile'}>{t('header.myProfile')}</a>
      <a href="/user/my-trips">{t('header.myTrips')}</a>
      {/* A whole-document post: signing out leaves nothing of the session's pages in the app. */}
      <form method="post" action="/auth/logout" className="inline-form">
        <button type="submit" className="button button-ghost">
          {t('header.signOut')}
        </button>
      </form>
    </>
  );
  if (!compact) {
    return (
      <div className="account-area">
        <span className="account-name">{user.userName}</span>
        <NotificationsBadge />
        {links}
      </div>
    );
  }
  return (
    <div className="account-area">
      <NotificationsBadge />
      <details className="account-menu" ref={dropdown}>
        <summary className="account-toggle">
          <span className="account-name">{user.userName}</span>
          <span className="chevron" aria-hidden="true" />
        </summary>
        <div className="account-panel">{links}</div>
      </details>
    </div>
  );
}

/** Demo accounts browse only (spec §2 demo-account modal): say so on every page, under the bar. */
function DemoStrip() {
  const user = useOptionalUser();
  const t = useT();
  if (!user?.is_demo) return null;
  return (
    <p className="demo-strip">
      <span className="badge badge-demo">{t('header.demoBadge')}</span>
    </p>
  );
}

/**
 * Navigation and actions: inline from 900 px wide; below that inside a <details> menu, which
 * opens without JavaScript and with the keyboard. Only one copy is ever displayed (the other
 * is display:none, so it is out of the accessibility tree too).
 */
function Collapsible({ children }: { children: (compact: boolean) => ReactNode }) {
  const t = useT();
  const menu = useCloseOnNavigation();
  const toggle = useRef<HTMLElement>(null);
  // With the script, the toggle says whether the menu is open, and Escape closes it with focus
  // back on the toggle, as a menu button does; without it the <details> still opens and closes.
  const [open, setOpen] = useState(false);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !menu.current?.open) return;
    menu.current.open = false;
    toggle.current?.focus();
  };
  return (
    <>
      <div className="wide-only header-collapsible">{children(true)}</div>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape inside the open menu closes it, focus back on its toggle, as a menu button does */}
      <details className="menu narrow-only" ref={menu} onToggle={(event) => setOpen(event.currentTarget.open)} onKeyDown={onKeyDown}>
        <summary className="menu-toggle" ref={toggle} aria-expanded={open}>
          <span className="menu-icon" aria-hidden="true" />
          {t('header.menu')}
        </summary>
        <div className="menu-content">{children(false)}</div>
      </details>
    </>
  );
}

/** v1: a light bar, logo left, products in the middle, actions right. */
function HeaderV1({ org }: { org: Shell['org'] }) {
  return (
    <HeaderElement version="v1">
      <div className="header-bar">
        <Logo org={org} />
        <Collapsible>
          {(compact) => (
            <>
              <ProductNav org={org} className="product-nav" />
              <div className="header-actions">
                <LocaleButton />
                <AccountArea compact={compact} />
              </div>
            </>
          )}
        </Collapsible>
      </div>
      <DemoStrip />
    </HeaderElement>
  );
}

/** v2: a dark two-row business bar, a utility row (support, locale, account) over the nav row. */
function HeaderV2({ org }: { org: Shell['org'] }) {
  const t = useT();
  return (
    <HeaderElement version="v2">
      <div className="header-utility">
        <div className="header-inner">
          {org.support.phone ? (
            <a className="support-link" href={`tel:${org.support.phone.replace(/[^+0-9]/g, '')}`}>
              {t('header.support')}: {org.support.phone}
            </a>
          ) : (
            <a className="support-link" href={`mailto:${org.support.email}`}>
              {t('header.support')}: {org.support.email}
            </a>
          )}
          <LocaleButton />
        </div>
      </div>
      <div className="header-bar">
        <Logo org={org} />
        <Collapsible>
          {(compact) => (
            <>
              <ProductNav org={org} className="product-nav" />
              <div className="header-actions">
                <AccountArea compact={compact} />
              </div>
            </>
          )}
        </Collapsible>
      </div>
      <DemoStrip />
    </HeaderElement>
  );
}

/** v3: a coloured band with the logo centred and the products on a row below (in the menu when narrow). */
function HeaderV3({ org }: { org: Shell['org'] }) {
  return (
    <HeaderElement version="v3">
      <div className="header-band">
        <div className="header-side">
          <LocaleButton />
        </div>
        <Logo org={org} />
        <div className="header-side header-side-end">
          <Collapsible>
            {(compact) => (
              <>
                {compact ? null : <ProductNav org={org} className="product-nav" />}
                <div className="header-actions">
                  <AccountArea compact={compact} />
                </div>
              </>
            )}
          </Collapsible>
        </div>
      </div>
      <ProductNav org={org} className="product-nav product-nav-band" />
      <DemoStrip />
    </HeaderElement>
  );
}

/** The header of the organisation's version; signed-in users' booking messages are polled once for it. */
export function SiteHeader() {
  const { org } = useShell();
  return <NotificationsProvider>{headerOf(org)}</NotificationsProvider>;
}

function headerOf(org: Shell['org']) {
  switch (org.headerVersion) {
    case 'v1':
      return <HeaderV1 org={org} />;
    case 'v2':
      return <HeaderV2 org={org} />;
    case 'v3':
      return <HeaderV3 org={org} />;
  }
}
