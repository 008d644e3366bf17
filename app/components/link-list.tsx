import { PrefetchPageLinks, useNavigate } from '@remix-run/react';
import { type FocusEvent, type MouseEvent, type ReactNode, type TouchEvent, useEffect, useRef, useState } from 'react';
import { inAppPathOf, sameSitePathOf } from '~/domain/link-clicks';

/** How long a pointer rests on (or focus stays at) a link before its page is prefetched, as <Link prefetch="intent">. */
const INTENT_DELAY_MS = 100;

function linkOf(event: { target: EventTarget; currentTarget: HTMLElement }): HTMLAnchorElement | null {
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  return anchor instanceof HTMLAnchorElement && event.currentTarget.contains(anchor) ? anchor : null;
}

/**
 * One set of handlers for an element holding plain links (the product navigation, home's
 * product list, map chips and featured cards, results cards; docs/decisions/0045): each link
 * opens in the app as a <Link> would, and with `prefetch: 'intent'` the page a pointer rests on,
 * focus reaches or a finger touches is prefetched, as <Link prefetch="intent"> does. A <Link>
 * runs half a dozen router hooks on every render of every page (a <NavLink> more), which on home
 * was a good part of the server's work; these links never change with the location, so none of
 * that is needed. Spread `listProps` on the element and render `prefetchLinks` next to it.
 */
export function useLinkList({ prefetch }: { prefetch?: 'intent' } = {}): {
  listProps: {
    onClick: (event: MouseEvent<HTMLElement>) => void;
    onMouseOver?: (event: MouseEvent<HTMLElement>) => void;
    onFocus?: (event: FocusEvent<HTMLElement>) => void;
    onTouchStart?: (event: TouchEvent<HTMLElement>) => void;
    onMouseOut?: () => void;
    onBlur?: () => void;
  };
  prefetchLinks: ReactNode;
} {
  const navigate = useNavigate();
  const [intended, setIntended] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = linkOf(event);
    if (!anchor) return;
    const path = inAppPathOf(event, anchor, window.location.origin);
    if (path === null) return;
    event.preventDefault();
    // A link to the page already shown replaces its history entry, as <Link> does.
    const { pathname, search, hash } = window.location;
    navigate(path, { replace: path === `${pathname}${search}${hash}` });
  };
  if (prefetch !== 'intent') return { listProps: { onClick }, prefetchLinks: null };

  // Another page's: a link to this one with other parameters (sign in, language and currency) opens a dialog here.
  const pathOf = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement> | TouchEvent<HTMLElement>) => {
    const anchor = linkOf(event);
    return anchor && anchor.pathname !== window.location.pathname ? sameSitePathOf(anchor.href, window.location.origin) : null;
  };
  const intend = (event: MouseEvent<HTMLElement> | FocusEvent<HTMLElement>) => {
    const path = pathOf(event);
    clearTimeout(timer.current);
    if (path !== null) timer.current = setTimeout(() => setIntended(path), INTENT_DELAY_MS);
  };
  // A touch is intent already: the tap's click follows at once.
  const touch = (event: TouchEvent<HTMLElement>) => {
    const path = pathOf(event);
    if (path !== null) setIntended(path);
  };
  const cancel = () => clearTimeout(timer.current);
  return {
    listProps: { onClick, onMouseOver: intend, onFocus: intend, onTouchStart: touch, onMouseOut: cancel, onBlur: cancel },
    // The last page intended stays prefetched (the browser keeps it anyway).
    prefetchLinks: intended ? <PrefetchPageLinks page={intended} /> : null,
  };
}
