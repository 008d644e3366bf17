import { useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';

/**
 * After a client-side navigation to another page, the keyboard focus moves to the new page's
 * main heading, so keyboard and screen-reader users start at the top of what changed instead of
 * the page body (issue 15). The first load keeps the browser's own focus (nothing moved yet); a
 * change of the query or the hash alone (a filter, an in-page link) is the same page and keeps
 * the focus where the visitor put it. Also marks the document once the app is interactive.
 */
export function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);

  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);

  useEffect(() => {
    // Wait until the new page's loaders have answered and it is rendered.
    if (navigation.state !== 'idle' || shown.current === pathname) return;
    shown.current = pathname;
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return;
    // Focusable by script only: a heading is not a tab stop.
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, [pathname, navigation.state]);
}
