/**
 * Plain links the app opens itself (a client navigation, as Remix's <Link> does): which clicks
 * it takes and which it leaves to the browser (a new tab or window, a download, another site, a
 * click some other handler already took), and which link is the current page's. Pure, so the
 * rules are tested without a browser.
 */
/** What a click says about itself (a DOM or React mouse event has all of it). */
export type LinkClick = { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean; defaultPrevented: boolean };

/** The clicked link (an `HTMLAnchorElement`): its `target` ('' when none), resolved `href` and attributes. */
export type ClickedLink = { target: string; href: string; hasAttribute: (name: string) => boolean };

/** The path, query and hash of a link to this site; null for another site or scheme. */
export function sameSitePathOf(href: string, origin: string): string | null {
  const url = new URL(href, origin);
  return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : null;
}

/** What a plain left click on a link to this site (`origin`) opens in the app; null when the browser should follow it. */
export function inAppPathOf(click: LinkClick, link: ClickedLink, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return null;
  if ((link.target !== '' && link.target !== '_self') || link.hasAttribute('download')) return null;
  return sameSitePathOf(link.href, origin);
}

/**
 * Whether a navigation link to `path` is the current page's, as <NavLink> decides it: the
 * same path, or a page under it (`/hotels` is current on `/hotels/cancun`, not on
 * `/hotels-deals`), letter case aside.
 */
export function isCurrentLink(locationPathname: string, path: string): boolean {
  const location = locationPathname.toLowerCase();
  const target = path.toLowerCase();
  const end = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  return location === target || (location.startsWith(target) && location.charAt(end) === '/');
}
